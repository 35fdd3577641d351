import { describe, expect, it } from 'vitest';
import { initialPlayer, playerReducer } from './playerMachine.ts';
import { playerViewModel } from './playerViewModel.ts';

const t = (key: string, o?: Record<string, unknown>) => (o ? `${key}:${JSON.stringify(o)}` : key);
const noop = { toggle() {}, seek() {}, setSelfBrowsing() {}, close() {} };
const loaded = playerReducer(initialPlayer, { type: 'load', recordingId: 'r1', buildingId: 'b1', durationMs: 90_000 });

describe('the player view model', () => {
  it('offers play while stopped and pause while playing, with the clock in digits', () => {
    const stopped = playerViewModel(loaded, { title: 'Walk', pilotName: 'Pia' }, t, noop);
    expect(stopped.labels.toggle).toBe('player.play');
    expect(stopped.status).toBe('player.state-stopped');
    const playing = playerReducer(playerReducer(loaded, { type: 'play' }), { type: 'time', positionMs: 12_400 });
    const vm = playerViewModel(playing, { title: 'Walk', pilotName: 'Pia' }, t, noop);
    expect(vm.labels.toggle).toBe('player.pause');
    expect(vm.clock).toBe('0:12 / 1:30');
    expect(vm.progress).toBeCloseTo(12.4 / 90);
    expect(vm.byline).toBe('player.by:{"name":"Pia"}');
  });

  it('names the self-browsing switch by what pressing it does', () => {
    const on = playerReducer(loaded, { type: 'self-browsing', on: true });
    expect(playerViewModel(on, { title: 'W', pilotName: 'P' }, t, noop).labels.selfBrowsing).toBe('player.follow-route');
    expect(playerViewModel(loaded, { title: 'W', pilotName: 'P' }, t, noop).labels.selfBrowsing).toBe('player.self-browse');
  });

  it('says buffering only while it should be playing', () => {
    const waiting = playerReducer(playerReducer(loaded, { type: 'play' }), { type: 'buffering', on: true });
    expect(playerViewModel(waiting, { title: 'W', pilotName: 'P' }, t, noop).status).toBe('player.buffering');
  });
});
