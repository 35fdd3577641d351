// @vitest-environment jsdom
// Label in name (WCAG 2.5.3): the VR button shows a short word and is named by a longer phrase; a visitor who says
// what they see ("click VR", speech control) reaches it only if the name contains that word, in every language.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../app/i18n/initI18n.ts';
import { Toolbar } from './Toolbar.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const LOCALES = path.join(import.meta.dirname, '../../locales');
const languages = readdirSync(LOCALES, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
const nothing = () => {};

/** The VR button as the toolbar draws it in `lang`, before and during a VR session. */
async function vrButton(lang: string, active: boolean): Promise<{ visible: string; name: string }> {
  const i18n = await initI18n(lang, { document: null, navigatorLanguages: [] });
  expect(i18n.language).toBe(lang);
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const off = { visible: false, active: false, toggle: nothing };
  await act(async () => root.render(
    <I18nextProvider i18n={i18n}>
      <Toolbar position={{ index: 0, count: 3 }} onPrevious={nothing} onNext={nothing} onZoomIn={nothing} onZoomOut={nothing}
        autorotate={{ active: false, toggle: nothing }} gyro={off} fullscreen={off} vr={{ visible: true, active, toggle: nothing }} />
    </I18nextProvider>,
  ));
  const button = host.querySelector<HTMLButtonElement>('[data-testid="vr"]')!;
  // aria-label is the accessible name whenever it is set (accname step 2C); the text is what the eye reads.
  const drawn = { visible: button.textContent?.trim() ?? '', name: button.getAttribute('aria-label') ?? button.textContent ?? '' };
  act(() => root.unmount());
  host.remove();
  return drawn;
}

describe('the VR button is named with the word it shows', () => {
  it('covers every language folder', () => {
    expect(languages.length).toBeGreaterThanOrEqual(30);
    expect(languages).toContain('ar');
  });

  it.each(languages)('%s', async (lang) => {
    for (const active of [false, true]) {
      const { visible, name } = await vrButton(lang, active);
      expect(visible, 'the button shows a label').not.toBe('');
      expect(name, 'the name says more than the label (enter or exit)').not.toBe(visible);
      expect(name.toLocaleLowerCase(lang), `${active ? 'exit' : 'enter'} name contains the visible label`).toContain(visible.toLocaleLowerCase(lang));
    }
  });
});
