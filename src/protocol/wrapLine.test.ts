import { describe, it, expect } from 'vitest';
import { wrapLine } from './wrapLine.ts';

describe('wrapLine', () => {
  it('keeps short text on one line', () => {
    expect(wrapLine('Host note', 15)).toEqual(['Host note']);
    expect(wrapLine('', 15)).toEqual([]);
  });
  it('breaks between words, never over 15 characters', () => {
    const lines = wrapLine('Harbour three-seat sofa', 15);
    expect(lines).toEqual(['Harbour', 'three-seat sofa']);
    for (const line of wrapLine('The view through the year at the harbour', 15)) expect([...line].length).toBeLessThanOrEqual(15);
  });
  it('cuts a word longer than the line', () => {
    expect(wrapLine('Donaudampfschifffahrtsgesellschaft', 15)).toEqual(['Donaudampfschif', 'ffahrtsgesellsc', 'haft']);
  });
  it('breaks CJK between any characters, counting code points', () => {
    const text = 'ハーバーハウスへようこそ、ツアーを始めましょう';
    const lines = wrapLine(text, 15);
    expect(lines.join('')).toBe(text);
    expect(lines.map((l) => [...l].length)).toEqual([15, 8]);
  });
  it('mixes Latin words and CJK characters', () => {
    expect(wrapLine('タイド ペンダントライト Tide', 15)).toEqual(['タイド ペンダントライト', 'Tide']);
  });
});
