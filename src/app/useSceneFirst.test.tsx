// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCENE_FIRST_HOLD_MS, useSceneFirst } from './useSceneFirst.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Probe({ settled }: { settled: boolean }) {
  return <p>{useSceneFirst(settled) ? 'open' : 'held'}</p>;
}

let host: HTMLElement;
let root: Root;
const show = (settled: boolean) => act(() => root.render(<Probe settled={settled} />));
beforeEach(() => {
  vi.useFakeTimers();
  host = document.createElement('div');
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
});

describe('the viewer\'s other chunks wait for the scene\'s first frame', () => {
  it('held until the scene draws (or fails), then open at once', () => {
    show(false);
    expect(host.textContent).toBe('held');
    show(true);
    expect(host.textContent).toBe('open');
  });

  it('never forever: a scene that never draws lets them go after the hold', () => {
    show(false);
    act(() => vi.advanceTimersByTime(SCENE_FIRST_HOLD_MS - 1));
    expect(host.textContent).toBe('held');
    act(() => vi.advanceTimersByTime(1));
    expect(host.textContent).toBe('open');
  });
});
