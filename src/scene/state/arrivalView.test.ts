import { describe, expect, it } from 'vitest';
import { arrivalView, lookOnArrival, takeArrivalView } from './arrivalView.ts';

const kitchen = { objectId: 'kitchen', initialView: { ath: 15, atv: 8, fov: 100 } };
const garden = { objectId: 'garden', initialView: null };

describe('arrival view', () => {
  it('is the initial view unless a position was asked for in that panorama', () => {
    expect(arrivalView(kitchen)).toEqual({ ath: 15, atv: 8, fov: 100 });
    lookOnArrival('kitchen', { ath: -40, atv: 12 });
    expect(arrivalView(kitchen)).toEqual({ ath: -40, atv: 12, fov: 100 });
    expect(takeArrivalView(kitchen)).toEqual({ ath: -40, atv: 12, fov: 100 });
    expect(arrivalView(kitchen)).toEqual({ ath: 15, atv: 8, fov: 100 });
  });

  it('drops a request once another panorama opens', () => {
    lookOnArrival('kitchen', { ath: -40, atv: 12 });
    expect(arrivalView(garden)).toBeNull();
    expect(arrivalView(kitchen)).toEqual(kitchen.initialView);
  });
});
