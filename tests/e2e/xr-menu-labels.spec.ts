import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { localeWords } from './support/locales.ts';
import type * as MenuLabelProbe from './support/menuLabelProbe.ts';
import { XR_MENU_EXIT_LABEL, XR_MENU_SLOTS } from '../../src/features/xr/menuSlots.ts';
import { INTERFACE_LANGUAGES } from '../../src/protocol/constants.ts';

/**
 * The in-world menu's labels (each panel's menuLabel or title, and Exit VR), as namespace and key, read from the
 * menu's own slot list: useXRPanel takes only ids listed there, so a panel added to the menu is measured here too.
 */
const MENU_LABELS: ReadonlyArray<readonly [string, string]> = [...Object.values(XR_MENU_SLOTS).map((slot) => slot.label), XR_MENU_EXIT_LABEL]
  .map((label) => {
    const [ns, key] = label.split(':') as [string, string];
    return [ns, key] as const;
  });

interface Measured { lang: string; key: string; lines: string[] }

describe('in-world menu labels', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('fit under their icons in every interface language, none cut with an ellipsis', async () => {
    const labels = INTERFACE_LANGUAGES.flatMap((lang) => MENU_LABELS.map(([ns, key]) => ({ lang, key: `${ns}:${key}`, text: localeWords(lang, ns)(key) })));
    const probe = await build({ entryPoints: ['tests/e2e/support/menuLabelProbe.ts'], bundle: true, format: 'iife', globalName: 'menuLabelProbe', write: false, logLevel: 'silent' });
    const page = await browser.newPage();
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ content: probe.outputFiles[0]!.text });
    const measured = await page.evaluate((all) => {
      const p = (window as unknown as { menuLabelProbe: typeof MenuLabelProbe }).menuLabelProbe;
      const ctx = document.createElement('canvas').getContext('2d')!;
      // As renderTextBlock draws them: twice the layout size, the language's own font stack.
      return all.map(({ lang, key, text }) => {
        ctx.font = `400 ${p.MENU_LABEL_FONT * 2}px ${p.fontStack(lang)}`;
        (ctx as CanvasRenderingContext2D & { lang?: string }).lang = lang;
        return { lang, key, lines: p.wrapText(text, p.MENU_ITEM_WIDTH * 2, (s) => ctx.measureText(s).width, Infinity, lang) };
      });
    }, labels);
    const maxLines = await page.evaluate(() => (window as unknown as { menuLabelProbe: { MENU_LABEL_MAX_LINES: number } }).menuLabelProbe.MENU_LABEL_MAX_LINES);
    await page.close();
    expect(measured).toHaveLength(INTERFACE_LANGUAGES.length * MENU_LABELS.length);
    const tooLong = measured.filter((m: Measured) => m.lines.length > maxLines).map((m) => `${m.lang} ${m.key}: ${m.lines.join(' | ')}`);
    expect(tooLong).toEqual([]);
  });
});
