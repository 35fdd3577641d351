// @vitest-environment jsdom
import { act, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { useDialogFocus } from './useDialogFocus.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let closed = 0;
function Box({ modal }: { modal: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useDialogFocus(ref, () => closed++, modal);
  return <div ref={ref} tabIndex={-1} data-testid="dialog"><button type="button" data-autofocus>close</button></div>;
}

let cleanup: () => void = () => {};
afterEach(() => cleanup());

async function setUp(modal: boolean) {
  closed = 0;
  const host = document.createElement('div');
  document.body.append(host);
  const player = document.createElement('button');
  player.textContent = 'play';
  document.body.append(player);
  player.focus();
  const root = createRoot(host);
  await act(async () => root.render(<Box modal={modal} />));
  cleanup = () => {
    act(() => root.unmount());
    host.remove();
    player.remove();
  };
  const dialog = host.querySelector<HTMLElement>('[data-testid="dialog"]')!;
  return { player, dialog };
}

const escape = (target: EventTarget) => target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));

describe('the marker dialog\'s focus', () => {
  it('modal (a marker the visitor opened): takes focus, pulls it back, Escape closes from anywhere', async () => {
    const { player, dialog } = await setUp(true);
    expect(dialog.contains(document.activeElement)).toBe(true);
    player.focus();
    expect(dialog.contains(document.activeElement) || document.activeElement === dialog).toBe(true);
    escape(document.body);
    expect(closed).toBe(1);
  });

  it('not modal (a marker a guided tour opened): focus stays at the player, which Escape there does not close', async () => {
    const { player, dialog } = await setUp(false);
    expect(document.activeElement).toBe(player);
    escape(player);
    expect(closed).toBe(0);
    dialog.querySelector('button')!.focus();
    player.focus();
    expect(document.activeElement).toBe(player);
    escape(dialog.querySelector('button')!);
    expect(closed).toBe(1);
  });
});
