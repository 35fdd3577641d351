import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PersonCard } from '../../../protocol/lounge.ts';
import { AVATAR_STALE_MS, LoungeAvatars, sendOwnPose } from './loungeAvatars.ts';

const card = (userId: string, name: string, panoramaId: string | null = 'p1'): PersonCard => ({
  userId, name, company: null, occupation: null, portrait: null, role: 'visitor', lastLoginAt: null,
  place: { tourId: 't', tourName: 'Tour', panoramaId, panoramaName: null },
} as unknown as PersonCard);

function setup(limit = 12) {
  let now = 1000;
  const view = { yaw: 0, pitch: 0 };
  const avatars = new LoungeAvatars(() => view, () => now);
  const online = new Map([['me', card('me', 'Me')], ['a', card('a', 'Ana Lima')], ['b', card('b', 'Ben Ode')], ['c', card('c', 'Cleo Park', 'p2')]]);
  avatars.update({ me: 'me', panoramaId: 'p1', online, limit, hidden: false });
  return { avatars, view, online, at: (t: number) => (now = t) };
}

describe('the lounge avatars', () => {
  it('draws the people of my panorama whose poses arrive, never me, nor someone whose card says another panorama', () => {
    const { avatars } = setup();
    avatars.receive({ panoramaId: 'p1', poses: [['me', 0, 0, 0], ['a', 10, 0, 0], ['b', -50, 0, 0], ['c', 5, 0, 0]] });
    expect(avatars.getAvatars().map((a) => a.id)).toEqual(['a', 'b']);
    expect(avatars.getAvatars()[0]).toMatchObject({ name: 'Ana Lima', initials: 'AL', portrait: null });
    expect(avatars.poseAt('a', 5000)).toEqual({ yaw: 10, pitch: 0, roll: 0 });
  });

  it('ignores a batch of another panorama, and forgets every head when I change panorama', () => {
    const { avatars } = setup();
    avatars.receive({ panoramaId: 'p2', poses: [['a', 10, 0, 0]] });
    expect(avatars.getAvatars()).toEqual([]);
    avatars.receive({ panoramaId: 'p1', poses: [['a', 10, 0, 0]] });
    avatars.update({ panoramaId: 'p9' });
    expect(avatars.getAvatars()).toEqual([]);
    expect(avatars.poseAt('a', 5000)).toBeNull();
  });

  it('cuts to the limit, nearest to where I look first, and follows my turning', () => {
    const { avatars, view } = setup(1);
    avatars.receive({ panoramaId: 'p1', poses: [['a', 10, 0, 0], ['b', 170, 0, 0]] });
    expect(avatars.getAvatars().map((a) => a.id)).toEqual(['a']);
    view.yaw = 180;
    avatars.tick();
    expect(avatars.getAvatars().map((a) => a.id)).toEqual(['b']);
  });

  it('hides everyone when the visitor hides the avatars, and drops heads that went quiet', () => {
    const { avatars, at } = setup();
    avatars.receive({ panoramaId: 'p1', poses: [['a', 10, 0, 0]] });
    avatars.update({ hidden: true });
    expect(avatars.getAvatars()).toEqual([]);
    avatars.update({ hidden: false });
    expect(avatars.getAvatars()).toHaveLength(1);
    at(1000 + AVATAR_STALE_MS + 1);
    avatars.tick();
    expect(avatars.getAvatars()).toEqual([]);
  });

  it('keeps the same list object while nothing changed (the scene re-renders only on change), but wakes it for new poses', () => {
    const { avatars } = setup();
    const heard = vi.fn();
    avatars.subscribe(heard);
    avatars.receive({ panoramaId: 'p1', poses: [['a', 10, 0, 0]] });
    const first = avatars.getAvatars();
    avatars.receive({ panoramaId: 'p1', poses: [['a', 12, 0, 0]] });
    expect(avatars.getAvatars()).toBe(first);
    expect(heard).toHaveBeenCalledTimes(2);
    avatars.tick();
    expect(heard).toHaveBeenCalledTimes(2);
  });
});

describe('sending my own view', () => {
  afterEach(() => vi.useRealTimers());

  it('sends when the view moved, and the same pose again once a second while it is still', () => {
    vi.useFakeTimers();
    const sent: unknown[] = [];
    const view = { yaw: 10.04, pitch: 0, roll: 0 };
    const stop = sendOwnPose((p) => sent.push(p), () => view, () => Date.now());
    expect(sent).toEqual([[10, 0, 0]]);
    vi.advanceTimersByTime(500);
    expect(sent).toHaveLength(1);
    view.yaw = 20;
    vi.advanceTimersByTime(100);
    expect(sent).toEqual([[10, 0, 0], [20, 0, 0]]);
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(3);
    stop();
    vi.advanceTimersByTime(5000);
    expect(sent).toHaveLength(3);
  });
});
