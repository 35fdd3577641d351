import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import type * as MenuLabelProbe from './support/menuLabelProbe.ts';

/**
 * The in-world menu's labels (each panel's menuLabel or title, and Exit VR), as namespace and key. A panel added to
 * the menu adds its label here (src/features/xr/README.md lists the menu's slots).
 */
const MENU_LABELS: ReadonlyArray<readonly [string, string]> = [
  ['panels', 'info.title'], ['panels', 'building.title'], ['panels', 'owner.title'], ['viewer', 'panorama-list.title'],
  ['panels', 'floorplan.title'], ['search', 'search.title'], ['social', 'comments.title'], ['panels', 'share.title'],
  ['panels', 'theme.title'], ['favourites', 'favourites.title'], ['booking', 'calendar.open'], ['tourRing', 'dial.title'],
  ['meeting', 'panel.title'], ['lounge', 'lounge.title'], ['pilot', 'list.title'], ['chat', 'chat.title'],
  ['panels', 'music.title'], ['viewer', 'toolbar.exit-vr'],
];

const LOCALES = path.resolve('locales');
const languages = fs.readdirSync(LOCALES).filter((l) => fs.statSync(path.join(LOCALES, l)).isDirectory());

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
    const labels = languages.flatMap((lang) => MENU_LABELS.map(([ns, key]) => {
      const catalog = JSON.parse(fs.readFileSync(path.join(LOCALES, lang, `${ns}.json`), 'utf8')) as Record<string, string>;
      expect(catalog[key], `${lang}/${ns}.json ${key}`).toBeTruthy();
      return { lang, key: `${ns}:${key}`, text: catalog[key]! };
    }));
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
    expect(measured).toHaveLength(languages.length * MENU_LABELS.length);
    const tooLong = measured.filter((m: Measured) => m.lines.length > maxLines).map((m) => `${m.lang} ${m.key}: ${m.lines.join(' | ')}`);
    expect(tooLong).toEqual([]);
  });
});
