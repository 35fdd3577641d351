// @vitest-environment jsdom
// The pre-join card and the panels that open by themselves: a host arrives signed in, and the profile panel that opens
// once for a signed-in visitor must not cover the card they came for.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { anyPanelOpen, usePanelTurn } from '../../state/panelTurn.ts';
import { PreJoin } from './MeetingEntry.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const nothing = () => {};
let openPanel: (open: boolean) => void = nothing;

function Panel() {
  const [open, setOpen] = useState(false);
  openPanel = setOpen;
  usePanelTurn(open, () => setOpen(false));
  return open ? <div data-testid="panel" /> : null;
}

let cleanup: () => void = nothing;
afterEach(() => cleanup());

async function render(withCard: boolean) {
  const meeting: unknown = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../../locales/en/meeting.json'), 'utf8'));
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en', resources: { en: { meeting } as never } });
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const draw = (card: boolean) => act(async () => root.render(
    <I18nextProvider i18n={i18n}>
      <Panel />
      {card && <PreJoin meeting={null} host defaultName="Ada" onJoin={nothing} onCancel={nothing} />}
    </I18nextProvider>,
  ));
  await draw(withCard);
  cleanup = () => {
    act(() => root.unmount());
    host.remove();
  };
  return { host, draw };
}

const shows = (host: HTMLElement, id: string) => host.querySelector(`[data-testid="${id}"]`) !== null;

describe('the pre-join card and the panel turn', () => {
  it('closes a panel that opened by itself before the card arrived', async () => {
    const { host, draw } = await render(false);
    await act(async () => openPanel(true));
    expect(shows(host, 'panel')).toBe(true);
    await draw(true);
    expect(shows(host, 'meeting-prejoin')).toBe(true);
    expect(shows(host, 'panel')).toBe(false);
  });

  it('holds the turn while it shows, so what opens by itself waits, and gives it back when it goes', async () => {
    const { draw } = await render(true);
    expect(anyPanelOpen()).toBe(true);
    await draw(false);
    expect(anyPanelOpen()).toBe(false);
  });

  it('stays when the visitor opens a panel themselves: the meeting link is not dropped', async () => {
    const { host } = await render(true);
    await act(async () => openPanel(true));
    expect(shows(host, 'panel')).toBe(true);
    expect(shows(host, 'meeting-prejoin')).toBe(true);
  });
});
