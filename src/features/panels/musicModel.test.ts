import { describe, expect, it, vi } from 'vitest';
import { clampVolume, musicViewModel, stepVolume, trackName } from './musicModel.ts';

const texts = {
  play: 'Play music', pause: 'Pause music', playing: 'Playing', paused: 'Paused', volume: 'Music volume',
  level: (p: number) => `Volume ${p}%`, quieter: 'Quieter', louder: 'Louder', untitled: 'Background music',
};

describe('music view model', () => {
  it('offers to pause while playing and to play while paused, with the volume said in words', () => {
    const act = { toggle: vi.fn(), setVolume: vi.fn() };
    const playing = musicViewModel({ src: '/media/harbour_evening-theme.mp3', playing: true, volume: 40 }, texts, act);
    expect(playing).toMatchObject({ playing: true, toggleLabel: 'Pause music', stateLabel: 'Playing', volume: 40, volumeLevel: 'Volume 40%', track: 'harbour evening theme' });
    const paused = musicViewModel({ src: '/media/a.mp3', playing: false, volume: 140 }, texts, act);
    expect(paused).toMatchObject({ toggleLabel: 'Play music', stateLabel: 'Paused', volume: 100 });
    paused.act.toggle();
    expect(act.toggle).toHaveBeenCalledOnce();
  });

  it('names the track from its file, or says "background music" when the address names none', () => {
    expect(trackName('https://cdn.example/m/Sea%20Breeze.ogg?v=2#t', 'x')).toBe('Sea Breeze');
    expect(trackName('https://cdn.example/', 'Background music')).toBe('Background music');
    expect(trackName('/m/100%.mp3', 'x')).toBe('100%');
  });

  it('steps the volume by ten on the grid, between silent and full', () => {
    expect(stepVolume(35, 1)).toBe(40);
    expect(stepVolume(35, -1)).toBe(30);
    expect(stepVolume(40, 1)).toBe(50);
    expect(stepVolume(40, -1)).toBe(30);
    expect(stepVolume(0, -1)).toBe(0);
    expect(stepVolume(100, 1)).toBe(100);
    expect(clampVolume(Number.NaN)).toBe(0);
  });
});
