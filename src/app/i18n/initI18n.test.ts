import { describe, it, expect } from 'vitest';
import en from '../../../locales/en/viewer.json';
import { createCatalogBackend, importCatalog, type CatalogLoader } from './catalogBackend.ts';
import { applyDocumentLanguage, initI18n, type DocumentLike } from './initI18n.ts';

function fakeDocument(): DocumentLike {
  return { documentElement: { lang: '', dir: '' } };
}

describe('initI18n with the real catalogs', () => {
  it('shows the English messages word for word, with interpolation', async () => {
    const i18n = await initI18n('en', { document: null, navigatorLanguages: [] });
    expect(i18n.t('error.tour-not-found')).toBe("Sorry, this LiveTour doesn't exist.");
    expect(i18n.t('loading.progress', { percent: 42 })).toBe('Loading… 42%');
    expect(i18n.t('nav.panorama-position', { index: 2, count: 9 })).toBe('Panorama 2 of 9');
    // React escapes; i18next must not escape a second time.
    expect(i18n.t('marker.go-to', { name: 'Kitchen & Dining' })).toBe('Go to Kitchen & Dining');
  });

  it('loads Arabic lazily and turns the page right to left', async () => {
    const doc = fakeDocument();
    const i18n = await initI18n('ar', { document: doc, navigatorLanguages: ['en'] });
    expect(i18n.language).toBe('ar');
    expect(i18n.t('error.tour-hidden')).toContain('LiveTour');
    expect(i18n.t('error.tour-hidden')).not.toBe(en['error.tour-hidden']);
    expect(doc.documentElement).toEqual({ lang: 'ar', dir: 'rtl' });
    await i18n.changeLanguage('ja');
    expect(doc.documentElement).toEqual({ lang: 'ja', dir: 'ltr' });
    expect(i18n.t('toolbar.share')).toBe('共有');
  });

  it('takes the browser language when the query has none, and normalises it', async () => {
    const i18n = await initI18n(undefined, { document: null, navigatorLanguages: ['zh-Hant-HK', 'en'] });
    expect(i18n.language).toBe('zh-TW');
    expect(i18n.t('common.close')).toBe('關閉');
  });

  it('falls back to English for an unknown language', async () => {
    const i18n = await initI18n('klingon', { document: null, navigatorLanguages: ['tlh'] });
    expect(i18n.language).toBe('en');
    expect(i18n.t('toolbar.fullscreen')).toBe('Fullscreen');
  });

  it('imports each catalog from locales/<lng>/<namespace>.json', async () => {
    const catalog = await importCatalog('en-GB', 'viewer');
    expect(catalog['toolbar.fullscreen']).toBe('Full screen');
  });
});

describe('initI18n with a stand-in loader', () => {
  it('falls back to English for a key a catalog lacks, and loads only what it needs', async () => {
    const requested: string[] = [];
    const loader: CatalogLoader = async (language, namespace) => {
      requested.push(`${language}/${namespace}`);
      return language === 'de' ? { 'toolbar.share': 'Teilen' } : { 'toolbar.share': 'Share', 'toolbar.menu': 'Menu' };
    };
    const i18n = await initI18n('de-AT', { loader, document: null, navigatorLanguages: [] });
    expect(i18n.t('toolbar.share')).toBe('Teilen');
    expect(i18n.t('toolbar.menu')).toBe('Menu');
    expect(requested.sort()).toEqual(['de/viewer', 'en/viewer']);
  });

  it('still starts when a catalog fails to load', async () => {
    const loader: CatalogLoader = async (language) => {
      if (language === 'fr') throw new Error('offline');
      return { 'common.close': 'Close' };
    };
    const i18n = await initI18n('fr', { loader, document: null, navigatorLanguages: [] });
    expect(i18n.t('common.close')).toBe('Close');
  });
});

describe('catalog backend', () => {
  it('refuses languages and namespaces that are not ours without calling the loader', async () => {
    let calls = 0;
    const backend = createCatalogBackend(async () => { calls += 1; return {}; });
    const results = await Promise.all(['../../etc/passwd', 'xx'].map((language) => new Promise((resolve) => {
      backend.read(language, 'viewer', (error, data) => resolve({ error: error !== null, data }));
    })));
    const badNamespace = await new Promise((resolve) => {
      backend.read('en', '../secrets', (error, data) => resolve({ error: error !== null, data }));
    });
    expect([...results, badNamespace]).toEqual(Array(3).fill({ error: true, data: false }));
    expect(calls).toBe(0);
  });
});

describe('applyDocumentLanguage', () => {
  it('sets lang and dir, and ignores a missing document', () => {
    const doc = fakeDocument();
    applyDocumentLanguage('ar', doc);
    expect(doc.documentElement).toEqual({ lang: 'ar', dir: 'rtl' });
    applyDocumentLanguage('en-GB', doc);
    expect(doc.documentElement).toEqual({ lang: 'en-GB', dir: 'ltr' });
    expect(() => applyDocumentLanguage('ar', null)).not.toThrow();
  });
});

describe('typed keys', () => {
  it('rejects a key that is not in the English catalog (checked by tsc)', async () => {
    const i18n = await initI18n('en', { document: null, navigatorLanguages: [] });
    // @ts-expect-error -- 'error.no-such-key' is not a key of locales/en/viewer.json
    const missing: string = i18n.t('error.no-such-key');
    expect(missing).toBe('error.no-such-key');
  });
});
