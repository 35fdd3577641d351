import { describe, expect, it } from 'vitest';
import { chimeWav } from './chimeWav.ts';

describe('chimeWav', () => {
  it('is a 22.05 kHz mono 16-bit PCM WAV of a few seconds, well under 300 KB', () => {
    const wav = chimeWav();
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
    expect(wav.readUInt16LE(20)).toBe(1);
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(22050);
    expect(wav.readUInt16LE(34)).toBe(16);
    const seconds = wav.readUInt32LE(40) / 2 / 22050;
    expect(seconds).toBeGreaterThan(2);
    expect(wav.length).toBeLessThan(300_000);
  });

  it('is audible but never clips', () => {
    const wav = chimeWav();
    let peak = 0;
    for (let i = 44; i < wav.length; i += 2) peak = Math.max(peak, Math.abs(wav.readInt16LE(i)));
    expect(peak).toBeGreaterThan(20_000);
    expect(peak).toBeLessThan(32_767);
  });
});
