import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { MeetingVM, TileVM } from './meetingViewModel.ts';
import { XR_MAX_TILES, xrMeetingViewModel } from './xrMeetingModel.ts';
import { bearingSentence } from '../xr/bearing.ts';

const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as TFunction<'meeting'>;

const tile = (id: string, extra: Partial<TileVM> = {}): TileVM => ({
  key: `${id}:camera`, participantId: id, name: `Person ${id}`, initials: id.toUpperCase(), role: 'guest', kind: 'camera', self: false,
  speaking: false, audioOff: false, videoOff: false, leading: false, away: false, hasStream: true, ...extra,
});

const vmWith = (tiles: TileVM[], extra: Partial<MeetingVM['controls']> = {}): MeetingVM => ({
  inMeeting: true, phase: 'joined', role: 'guest', title: 'Walk', hostName: 'Hana', shortCode: 'ABCDEFGH', tiles, banners: [], roster: [], speakerName: null,
  controls: {
    mic: { available: true, on: true }, camera: { available: true, on: false }, screen: { available: false, on: false },
    navigation: 'following', canGather: false, canTakeLead: false, canEnd: false, ...extra,
  },
});

describe('the in-world meeting panel model', () => {
  const stream = {} as MediaStream;

  it('draws at most four pictures: screens and the speaker first, yourself last', () => {
    const tiles = [tile('me', { self: true }), tile('a'), tile('b'), tile('c', { speaking: true }), tile('d'), tile('h', { kind: 'screen', key: 'h:screen' })];
    const xr = xrMeetingViewModel(vmWith(tiles), {}, t);
    expect(xr.tiles).toHaveLength(XR_MAX_TILES);
    expect(xr.tiles.map((x) => x.key)).toEqual(['h:screen', 'c:camera', 'a:camera', 'b:camera']);
  });

  it('shows a picture only for a camera that is on and has a stream; initials otherwise', () => {
    const xr = xrMeetingViewModel(vmWith([tile('a'), tile('b', { videoOff: true }), tile('c', { hasStream: false })]), { 'a:camera': stream, 'b:camera': stream }, t);
    expect(xr.tiles.map((x) => x.stream)).toEqual([stream, null, null]);
    expect(xr.tiles[1]!.initials).toBe('B');
  });

  it('asks the host to confirm ending for everyone, lets a guest simply leave, and offers "back to the host" only when looking around alone', () => {
    const host = xrMeetingViewModel(vmWith([], { canEnd: true, navigation: 'leading' }), {}, t);
    expect(host.leave).toEqual({ label: 'controls.end', confirm: 'controls.end-confirm' });
    expect(host.follow).toBeNull();
    const guest = xrMeetingViewModel(vmWith([], { navigation: 'free' }), {}, t);
    expect(guest.leave).toEqual({ label: 'controls.leave', confirm: null });
    expect(guest.follow).toBe('controls.back-to-host');
    expect(guest.mic.label).toBe('controls.mic-off');
    expect(guest.camera.label).toBe('controls.camera-on');
  });

  it('tells a wearer who follows where the host looks, and the host nothing', () => {
    expect(xrMeetingViewModel(vmWith([], { navigation: 'leading' }), {}, t).hostBearing).toBeNull();
    const following = xrMeetingViewModel(vmWith([], { navigation: 'following' }), {}, t).hostBearing!;
    expect(bearingSentence(-40, 0, following)).toBe('← vr.host-left {"degrees":40}');
    expect(bearingSentence(5, 0, following)).toBe('↑ vr.host-ahead');
    expect(xrMeetingViewModel(vmWith([], { navigation: 'free' }), {}, t).hostBearing).not.toBeNull();
  });

  it('labels yourself, a screen, the host and a muted microphone in the caption parts', () => {
    const xr = xrMeetingViewModel(vmWith([tile('me', { self: true, audioOff: true }), tile('h', { role: 'host' })]), {}, t);
    const [host, me] = xr.tiles;
    expect(host!.badge).toBe('panel.host');
    expect(me!.label).toContain('panel.you');
    expect(me!.muted).toBe('panel.muted');
  });
});
