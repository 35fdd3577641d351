import { describe, expect, it } from 'vitest';
import { answeredJoin } from './answeredJoin.ts';

describe('answeredJoin: how an answered call reaches the guide\'s meeting', () => {
  it('loads the meeting link on a flat screen (its pre-join card asks for the name)', () => {
    expect(answeredJoin('/t1?meeting=m1', 'Vic', false)).toEqual({ via: 'page-load', path: '/t1?meeting=m1' });
  });

  it('enters in this page while a VR session presents, with the name typed for the call', () => {
    expect(answeredJoin('/t1?meeting=m1', '  Vic Visitor ', true)).toEqual({ via: 'in-page', path: '/t1?meeting=m1', name: 'Vic Visitor' });
  });

  it('hands no name over when the call had none (the meeting then picks one)', () => {
    expect(answeredJoin('/t1?meeting=m1', '   ', true)).toEqual({ via: 'in-page', path: '/t1?meeting=m1', name: null });
  });

  it('stays in this page on a flat screen once it is in that meeting (a load would leave the meeting)', () => {
    expect(answeredJoin('/t1?meeting=m1', 'Vic', false, true)).toEqual({ via: 'in-page', path: '/t1?meeting=m1', name: 'Vic' });
  });
});
