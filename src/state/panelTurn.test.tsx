// @vitest-environment jsdom
import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { anyPanelOpen, usePanelTurn } from './panelTurn.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const setters: Record<string, (open: boolean) => void> = {};
const shown: Record<string, boolean> = {};

function Panel({ name }: { name: string }) {
  const [open, setOpen] = useState(false);
  setters[name] = setOpen;
  shown[name] = open;
  usePanelTurn(open, () => setOpen(false));
  return open ? <div data-panel={name} /> : null;
}

const flush = () => act(async () => {
  await Promise.resolve();
  await Promise.resolve();
});

let unmount: () => void = () => {};
afterEach(() => unmount());

async function mount() {
  const root = createRoot(document.createElement('div'));
  await act(async () => root.render(<><Panel name="profile" /><Panel name="pilot" /></>));
  unmount = () => act(() => root.unmount());
}

describe('panels take turns', () => {
  it('opening one panel closes the one that was open, whichever feature owns it', async () => {
    await mount();
    await act(async () => setters.profile!(true));
    await flush();
    expect(shown).toEqual({ profile: true, pilot: false });
    await act(async () => setters.pilot!(true));
    await flush();
    expect(shown).toEqual({ profile: false, pilot: true });
    await act(async () => setters.profile!(true));
    await flush();
    expect(shown).toEqual({ profile: true, pilot: false });
  });

  it('says when nothing is open, so a panel that opens by itself waits', async () => {
    await mount();
    expect(anyPanelOpen()).toBe(false);
    await act(async () => setters.pilot!(true));
    expect(anyPanelOpen()).toBe(true);
    await act(async () => setters.pilot!(false));
    await flush();
    expect(anyPanelOpen()).toBe(false);
    expect(shown.profile).toBe(false);
  });
});

describe('a lazy panel claimed by its owner', () => {
  it('keeps the turn it claimed when its own dialog arrives under the same key, and loses it to a later panel', async () => {
    let closedOwner = 0;
    let closedDialog = 0;
    function Owner({ open, dialog }: { open: boolean; dialog: boolean }) {
      usePanelTurn(open, () => closedOwner++, 'panel-profile');
      return dialog ? <Dialog /> : null;
    }
    function Dialog() {
      usePanelTurn(true, () => closedDialog++, 'panel-profile');
      return null;
    }
    const root = createRoot(document.createElement('div'));
    unmount = () => act(() => root.unmount());
    await act(async () => root.render(<><Owner open dialog={false} /><Panel name="pilot" /></>));
    await act(async () => root.render(<><Owner open dialog /><Panel name="pilot" /></>));
    await flush();
    expect([closedOwner, closedDialog]).toEqual([0, 0]);
    await act(async () => setters.pilot!(true));
    await flush();
    expect([closedOwner, closedDialog]).toEqual([1, 1]);
  });
});
