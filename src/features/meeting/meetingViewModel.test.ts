import { describe, expect, it } from 'vitest';
import type { Participant } from '../../protocol/meeting.ts';
import { initialMeetingState, type MeetingStore } from './meetingStore.ts';
import { initials, meetingViewModel } from './meetingViewModel.ts';

const person = (id: string, role: 'host' | 'guest', extra: Partial<Participant> = {}): Participant => ({
  participantId: id, name: `${role} ${id}`, role, state: 'joined', audio: true, video: true, feeds: [{ kind: 'camera', feedId: id.length * 10 }], panoramaId: null, ...extra,
});

function store(extra: Partial<MeetingStore>): MeetingStore {
  return {
    ...initialMeetingState(),
    phase: 'joined',
    meeting: { objectId: 'm1', buildingId: 'b', title: 'Walk', state: 'live', capacity: 10, shortCode: 'ABCDEFGH', hostName: 'Hana', scheduledAt: null, startedAt: null, endedAt: null, hostAwaySince: null, hostAwayDeadline: null, guestLink: '', createdAt: '' },
    ...extra,
  };
}

describe('meeting view model', () => {
  const host = person('h', 'host');
  const guest = person('gg', 'guest', { panoramaId: 'kitchen', audio: false });

  it('orders tiles leader first and marks who speaks, who is muted, who is you', () => {
    const vm = meetingViewModel(store({ role: 'guest', selfId: 'gg', leaderId: 'h', participants: { gg: guest, h: host }, speaking: { h: true }, audio: false }), () => null, 0);
    expect(vm.tiles.map((t) => [t.participantId, t.self, t.speaking, t.audioOff, t.leading])).toEqual([['h', false, true, false, true], ['gg', true, false, true, false]]);
    expect(vm.speakerName).toBe('host h');
    expect(vm.roster).toEqual([]); // guests get no host tools
    expect(vm.controls.canEnd).toBe(false);
  });

  it('gives the host the guest list with where each guest is, and the host tools', () => {
    const vm = meetingViewModel(store({ role: 'host', selfId: 'h', leaderId: 'h', participants: { gg: guest, h: host } }), (id) => (id === 'kitchen' ? 'Kitchen' : null), 0);
    expect(vm.roster).toEqual([{ participantId: 'gg', name: 'guest gg', role: 'guest', panoramaName: 'Kitchen', away: false, leading: false, audioOff: true }]);
    expect(vm.controls).toMatchObject({ navigation: 'leading', canGather: true, canTakeLead: false, canEnd: true });
  });

  it('counts down the host absence and the reconnect window', () => {
    const meeting = { ...store({}).meeting!, hostAwaySince: '2026-01-01T00:00:00.000Z', hostAwayDeadline: '2026-01-01T00:05:00.000Z' };
    const vm = meetingViewModel(store({ role: 'guest', selfId: 'gg', meeting, participants: { gg: guest } }), () => null, Date.parse('2026-01-01T00:01:00.500Z'));
    expect(vm.banners).toContainEqual({ kind: 'host-away', secondsLeft: 240 });
    const lost = meetingViewModel(store({ phase: 'reconnecting', reconnectDeadline: 10_000 }), () => null, 2_500);
    expect(lost.banners).toContainEqual({ kind: 'reconnecting', secondsLeft: 8 });
  });

  it('offers "back to the host" to a follower who looks around alone, and tells the host when a guest leads', () => {
    const free = meetingViewModel(store({ role: 'guest', selfId: 'gg', leaderId: 'h', following: false, participants: { gg: guest, h: host } }), () => null, 0);
    expect(free.controls.navigation).toBe('free');
    expect(free.banners).toContainEqual({ kind: 'free-look', leaderName: 'host h' });
    const handed = meetingViewModel(store({ role: 'host', selfId: 'h', leaderId: 'gg', following: true, participants: { gg: guest, h: host } }), () => null, 0);
    expect(handed.controls).toMatchObject({ navigation: 'following', canTakeLead: true });
    expect(handed.banners).toContainEqual({ kind: 'guest-leads', leaderName: 'guest gg' });
  });

  it('makes initials from any script', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('  zoë ')).toBe('ZO');
    expect(initials('山田 太郎')).toBe('山太');
  });
});
