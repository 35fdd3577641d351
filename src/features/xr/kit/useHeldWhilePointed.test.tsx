// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { useHeldWhilePointed, type PointedHandlers } from './useHeldWhilePointed.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let handlers: PointedHandlers;
function Menu({ entries }: { entries: string[] }) {
  const [shown, h] = useHeldWhilePointed(entries);
  handlers = h;
  return <p>{shown.join(',')}</p>;
}

describe('useHeldWhilePointed', () => {
  let root: Root;
  const host = document.createElement('div');
  const render = (entries: string[]) => act(() => root.render(<Menu entries={entries} />));
  afterEach(() => act(() => root.unmount()));

  it('shows new entries at once when nothing points at the menu', () => {
    root = createRoot(host);
    render(['info']);
    render(['info', 'share']);
    expect(host.textContent).toBe('info,share');
  });

  it('holds the layout while a ray rests on it and shows the newest once every ray has left', () => {
    root = createRoot(host);
    render(['info', 'chat']);
    act(() => handlers.onPointerEnter({ pointerId: 1 }));
    act(() => handlers.onPointerEnter({ pointerId: 2 }));
    render(['info', 'lounge', 'chat']);
    expect(host.textContent).toBe('info,chat');
    act(() => handlers.onPointerLeave({ pointerId: 1 }));
    expect(host.textContent).toBe('info,chat');
    act(() => handlers.onPointerLeave({ pointerId: 2 }));
    expect(host.textContent).toBe('info,lounge,chat');
  });
});
