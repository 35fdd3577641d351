import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acceptedLanguages, catalogPreloader } from './catalogPreload.ts';

describe('acceptedLanguages', () => {
  it('orders tags by quality and drops wildcards and q=0', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0, *;q=0.5')).toEqual(['fr-CH', 'fr', 'en']);
    expect(acceptedLanguages('ja;q=0.2, ar')).toEqual(['ar', 'ja']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});

describe('catalogPreloader', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-manifest-'));
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify({
    'locales/en/viewer.json': { file: 'assets/viewer-en.js' },
    'locales/zh-TW/viewer.json': { file: 'assets/viewer-zhtw.js' },
    'locales/ar/viewer.json': { file: 'assets/viewer-ar.js' },
  }));
  const preload = catalogPreloader(dir);

  it('names the catalog of ?locale first, then the browser\'s languages, then English', () => {
    expect(preload('ar', 'en')).toBe('<link rel="modulepreload" crossorigin href="/assets/viewer-ar.js">');
    expect(preload(null, 'zh-Hant-HK,zh;q=0.8')).toContain('viewer-zhtw.js');
    expect(preload(null, 'xx-YY')).toContain('viewer-en.js');
  });

  it('does nothing without a build manifest', () => {
    expect(catalogPreloader(path.join(dir, 'missing'))('ar', undefined)).toBeNull();
  });
});
