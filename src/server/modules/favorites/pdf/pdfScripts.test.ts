import { describe, expect, it } from 'vitest';
import { liftThaiTones, scriptOf } from './pdfScripts.ts';

describe('pdfScripts', () => {
  it('picks the face by the first non-Latin script', () => {
    expect(scriptOf('Terrace table 680 €')).toBe('latin');
    expect(scriptOf('طاولة Oak')).toBe('arabic');
    expect(scriptOf('โต๊ะ 1')).toBe('thai');
    expect(scriptOf('내 즐겨찾기')).toBe('korean');
    expect(scriptOf('我的最愛')).toBe('cjk');
    expect(scriptOf('マイお気に入り')).toBe('cjk');
  });

  it('splits out Thai tone marks that sit on an upper vowel, and only those', () => {
    const { base, lifted } = liftThaiTones('ที่นี่ น้ำ');
    expect(base).toBe('ทีนี น้ำ');
    expect(lifted).toEqual([{ before: 'ที', mark: '่' }, { before: 'ทีนี', mark: '่' }]);
    expect(liftThaiTones('โต๊ะ').lifted).toEqual([]);
  });
});
