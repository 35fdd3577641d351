import { readFileSync, readdirSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import type { MarkerViewModel } from '../model/markerViewModel.ts';
import { actionLabel, clockTime, ENGLISH_LABELS, htmlToPlainText, imageCounter, LABEL_KEYS, labelsFrom, leaveVrQuestion, linkTarget, pageCounter, videoTimeText } from './panelModel.ts';

const catalog = (lang: string) => JSON.parse(readFileSync(`locales/${lang}/markers.json`, 'utf8')) as Record<string, string>;
const labelsOf = (lang: string) => labelsFrom((k) => catalog(lang)[k] ?? k);

describe('htmlToPlainText', () => {
  it('keeps line structure and decodes entities', () => {
    expect(htmlToPlainText('<p>a &lt; b &amp; c</p><p>Zweite<br>Zeile &#233;&#x263A;</p>')).toBe('a < b & c\nZweite\nZeile é☺');
    expect(htmlToPlainText('<ul><li>one</li><li>two</li></ul>')).toBe('• one\n• two');
  });
});

describe('labels and links', () => {
  it('takes translations and keeps English for missing keys', () => {
    const labels = labelsFrom((k) => (k === 'markers.close' ? 'إغلاق' : k));
    expect(labels.close).toBe('إغلاق');
    expect(labels.play).toBe('Play');
  });
  it('prefers the action link, then plain links and documents', () => {
    const vm = { action: { label: '', href: 'https://shop' }, link: null, media: null } as unknown as MarkerViewModel;
    expect(linkTarget(vm, ENGLISH_LABELS)).toEqual({ label: 'Open link', href: 'https://shop' });
    const web = { action: null, link: null, media: { kind: 'web', url: 'https://example.com/' } } as unknown as MarkerViewModel;
    expect(linkTarget(web, ENGLISH_LABELS)?.href).toBe('https://example.com/');
    expect(linkTarget({ action: null, link: null, media: { kind: 'audio', url: '/a.mp3' } } as unknown as MarkerViewModel, ENGLISH_LABELS)).toBeNull();
  });
});

describe('media shown inside the panel', () => {
  const vmWith = (media: unknown) => ({ action: null, link: null, media }) as unknown as MarkerViewModel;
  it('leaves VR only for what cannot be shown in it: a host\'s video player, not a file, a stream or a PDF', () => {
    expect(linkTarget(vmWith({ kind: 'video', source: { kind: 'embed', host: 'youtube', url: 'https://www.youtube-nocookie.com/embed/x' } }), ENGLISH_LABELS)?.href)
      .toBe('https://www.youtube-nocookie.com/embed/x');
    expect(linkTarget(vmWith({ kind: 'video', source: { kind: 'file', url: '/media/a.webm' } }), ENGLISH_LABELS)).toBeNull();
    expect(linkTarget(vmWith({ kind: 'video', source: { kind: 'hls', url: 'https://cdn/a.m3u8' } }), ENGLISH_LABELS)).toBeNull();
    expect(linkTarget(vmWith({ kind: 'pdf', url: '/media/a.pdf' }), ENGLISH_LABELS)).toBeNull();
  });
  it('counts pages from the translated template, Arabic "صفحة 2 من 3" in its digits', () => {
    expect(pageCounter(ENGLISH_LABELS, 2, 3)).toBe('Page 2 of 3');
    expect(pageCounter(labelsOf('ar'), 2, 3, 'ar-EG')).toBe('صفحة ٢ من ٣');
    expect(pageCounter(labelsOf('de'), 1, 12, 'de')).toBe('Seite 1 von 12');
  });
  it('says a video\'s time on a clock face, its length once known', () => {
    expect(clockTime(0)).toBe('0:00');
    expect(clockTime(65.9)).toBe('1:05');
    expect(clockTime(3725)).toBe('1:02:05');
    expect(clockTime(Number.NaN)).toBe('0:00');
    expect(videoTimeText(ENGLISH_LABELS, 3.2, 10)).toBe('0:03 / 0:10');
    expect(videoTimeText(labelsOf('ar'), 3, 10, 'ar-EG')).toBe('٠:٠٣ من ٠:١٠');
    expect(videoTimeText(ENGLISH_LABELS, 42, 0)).toBe('0:42'); // a live stream: no length
  });
});

describe('imageCounter', () => {
  it('fills the translated template, so Arabic reads "1 من 3" instead of a mirrored "3 / 1"', () => {
    expect(imageCounter(ENGLISH_LABELS, 1, 3)).toBe('1 / 3');
    // The Arabic catalog itself: a slash between two numbers in a right-to-left line shows the count first.
    expect(imageCounter(labelsOf('ar'), 1, 3, 'ar')).toBe(`${new Intl.NumberFormat('ar').format(1)} من ${new Intl.NumberFormat('ar').format(3)}`);
    expect(labelsOf('ar').imagePosition).not.toContain('/');
  });
  it("writes the numbers in the language's digits", () => {
    expect(imageCounter(labelsOf('ar'), 2, 12, 'ar-EG')).toBe('٢ من ١٢');
    expect(imageCounter(ENGLISH_LABELS, 1234, 2000, 'en')).toBe('1234 / 2000'); // a position, not an amount: no grouping
    expect(imageCounter(ENGLISH_LABELS, 1, 3, 'not a tag!')).toBe('1 / 3');
  });
});

describe('the Buy button', () => {
  it("says Buy in the visitor's language on a priced tag the owner left unlabelled", () => {
    expect(actionLabel({ label: '' }, '€1,290', labelsOf('ar'))).toBe('شراء');
    expect(actionLabel({ label: '' }, '€1,290', labelsOf('fr'))).toBe('Acheter');
    expect(actionLabel({ label: '' }, '', labelsOf('fr'))).toBe(catalog('fr')['markers.open-link']);
    expect(actionLabel({ label: 'Réserver' }, '€5', labelsOf('fr'))).toBe('Réserver');
  });
  it('has every in-world label in every interface language', () => {
    for (const lang of readdirSync('locales').filter((l) => !l.includes('.'))) {
      for (const key of Object.values(LABEL_KEYS)) expect(catalog(lang)[key], `${lang} ${key}`).toBeTruthy();
    }
  });
});

describe('leaving VR for a link', () => {
  it('names the site the link goes to, in the visitor\'s language', () => {
    expect(leaveVrQuestion(ENGLISH_LABELS, 'https://example.com/shop/harbour-sofa?x=1')).toBe('Open example.com? This leaves VR.');
    expect(leaveVrQuestion(labelsOf('ar'), 'https://example.com/a')).toContain('example.com');
    expect(leaveVrQuestion(labelsOf('ar'), 'https://example.com/a')).not.toContain('{{host}}');
    expect(leaveVrQuestion(ENGLISH_LABELS, '/media/brochure.pdf', 'https://tours.example.org/t/1')).toBe('Open tours.example.org? This leaves VR.');
  });
});
