// @vitest-environment jsdom
import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type HeightMeasure, usePublishedHeight } from './usePublishedHeight.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom lays nothing out and has no ResizeObserver: heights are set by hand, and a resize is told to the observers.
// Like a browser's, an observer reports an element's size once when it starts observing it.
const heights = new WeakMap<Element, number>();
const observers = new Set<FakeResizeObserver>();
class FakeResizeObserver {
  readonly watched = new Set<Element>();
  constructor(private readonly changed: () => void) {}
  observe(element: Element) {
    this.watched.add(element);
    observers.add(this);
    this.changed();
  }
  disconnect() {
    observers.delete(this);
  }
  static resize(element: Element, height: number) {
    heights.set(element, height);
    for (const observer of observers) if (observer.watched.has(element)) observer.changed();
  }
}
const sideways = new WeakSet<Element>();
const byHand: HeightMeasure<HTMLElement> = (element) => (sideways.has(element) ? null : heights.get(element) ?? 0);

let setShown: (shown: boolean) => void = () => {};
function Bar({ measure }: { measure?: HeightMeasure<HTMLElement> }) {
  const [shown, setIt] = useState(true);
  setShown = setIt;
  const ref = usePublishedHeight<HTMLElement>('--atrium-test-block', measure ?? byHand);
  return shown ? <aside ref={ref} data-bar /> : null;
}

let viewer: HTMLElement;
let unmount: () => void = () => {};
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  viewer = document.createElement('div');
  viewer.className = 'atrium-viewer';
  document.body.append(viewer);
});
afterEach(() => {
  unmount();
  viewer.remove();
  vi.unstubAllGlobals();
});

async function mount(host: HTMLElement, measure?: HeightMeasure<HTMLElement>) {
  const root = createRoot(host);
  await act(async () => root.render(<Bar measure={measure} />));
  unmount = () => act(() => root.unmount());
  return host.querySelector<HTMLElement>('[data-bar]')!;
}
const published = () => viewer.style.getPropertyValue('--atrium-test-block');

describe('usePublishedHeight', () => {
  it('publishes the height on the viewer in whole pixels, follows its changes and withdraws it on unmount', async () => {
    const bar = await mount(viewer);
    expect(published()).toBe('0px');
    act(() => FakeResizeObserver.resize(bar, 36.2));
    expect(published()).toBe('37px');
    act(() => FakeResizeObserver.resize(bar, 72));
    expect(published()).toBe('72px');
    unmount();
    unmount = () => {};
    expect(published()).toBe('');
    expect(observers.size).toBe(0);
  });

  it('withdraws it when the element goes while its component stays (a closed bar)', async () => {
    const bar = await mount(viewer);
    act(() => FakeResizeObserver.resize(bar, 40));
    expect(published()).toBe('40px');
    await act(async () => setShown(false));
    expect(published()).toBe('');
    expect(observers.size).toBe(0);
    await act(async () => setShown(true));
    expect(published()).toBe('0px');
  });

  it('takes the variable away while the measure says the element takes no room', async () => {
    const host = document.createElement('div');
    viewer.append(host);
    const bar = await mount(host);
    act(() => FakeResizeObserver.resize(bar, 50));
    expect(published()).toBe('50px');
    sideways.add(bar);
    act(() => FakeResizeObserver.resize(bar, 300));
    expect(published()).toBe('');
    sideways.delete(bar);
    act(() => FakeResizeObserver.resize(bar, 50));
    expect(published()).toBe('50px');
  });

  it('does nothing outside a viewer', async () => {
    const elsewhere = document.createElement('div');
    document.body.append(elsewhere);
    await mount(elsewhere);
    expect(observers.size).toBe(0);
    expect(elsewhere.style.getPropertyValue('--atrium-test-block')).toBe('');
    elsewhere.remove();
  });
});
