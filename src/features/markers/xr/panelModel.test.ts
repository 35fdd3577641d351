import { describe, it, expect } from 'vitest';
import type { MarkerViewModel } from '../model/markerViewModel.ts';
import { ENGLISH_LABELS, htmlToPlainText, imageCounter, labelsFrom, linkTarget } from './panelModel.ts';

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
    const pdf = { action: null, link: null, media: { kind: 'pdf', url: '/a.pdf' } } as unknown as MarkerViewModel;
    expect(linkTarget(pdf, ENGLISH_LABELS)?.href).toBe('/a.pdf');
    expect(linkTarget({ action: null, link: null, media: { kind: 'audio', url: '/a.mp3' } } as unknown as MarkerViewModel, ENGLISH_LABELS)).toBeNull();
  });
});

describe('imageCounter', () => {
  it('fills the translated template, so Arabic reads "1 من 3" instead of a mirrored "3 / 1"', () => {
    expect(imageCounter(ENGLISH_LABELS, 1, 3)).toBe('1 / 3');
    expect(imageCounter({ ...ENGLISH_LABELS, imagePosition: '{{index}} من {{count}}' }, 1, 3)).toBe('1 من 3');
  });
});
