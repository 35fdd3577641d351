// The lounge's side of the avatars: turns the pose batches of the visitor's panorama into the AvatarSource the scene
// draws (src/scene/avatars), and sends the visitor's own view. Free of React.
import { POSE_INTERVAL_MS, POSE_KEEPALIVE_MS, type Pose, type PersonCard, type PoseBatch } from '../../../protocol/lounge.ts';
import { avatarColor, nearestFirst, PoseTrack, type AvatarSource, type SceneAvatar, type ScenePose } from '../../../scene/index.ts';
import { initials } from './loungeViewModel.ts';

/** Heads whose last pose is older than this are gone (left the panorama, closed the tab): three keep-alives missed. */
export const AVATAR_STALE_MS = 3 * POSE_KEEPALIVE_MS;

export interface LoungeAvatarsInput {
  /** The viewer's own id: never drawn. */
  me: string | null;
  panoramaId: string | null;
  /** Cards of who is online (name, portrait); a pose without a card is not drawn. */
  online: ReadonlyMap<string, PersonCard>;
  limit: number;
  /** The visitor hid the avatars. */
  hidden: boolean;
}

export class LoungeAvatars implements AvatarSource {
  private readonly tracks = new Map<string, PoseTrack>();
  private readonly listeners = new Set<() => void>();
  private avatars: readonly SceneAvatar[] = [];
  private input: LoungeAvatarsInput = { me: null, panoramaId: null, online: new Map(), limit: 0, hidden: false };

  constructor(
    /** Where the viewer looks now (the scene's camera), for nearest-first. */
    private readonly myView: () => { yaw: number; pitch: number },
    private readonly clock: () => number = () => performance.now(),
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  getAvatars = (): readonly SceneAvatar[] => this.avatars;
  poseAt = (id: string, now: number): ScenePose | null => this.tracks.get(id)?.sample(now) ?? null;
  moving = (id: string, now: number): boolean => this.tracks.get(id)?.moving(now) ?? false;

  update(next: Partial<LoungeAvatarsInput>): void {
    if (next.panoramaId !== undefined && next.panoramaId !== this.input.panoramaId) this.tracks.clear();
    this.input = { ...this.input, ...next };
    this.choose(false);
  }

  /** Called every so often: drops stale heads and follows the viewer's own view for nearest-first. */
  tick(): void {
    this.choose(false);
  }

  /** One server tick's poses of a panorama; those of another panorama (a batch still on its way) are ignored. */
  receive(batch: PoseBatch): void {
    if (batch.panoramaId !== this.input.panoramaId) return;
    const now = this.clock();
    for (const [userId, yaw, pitch, roll] of batch.poses) {
      if (userId === this.input.me) continue;
      let track = this.tracks.get(userId);
      if (!track) this.tracks.set(userId, (track = new PoseTrack(POSE_INTERVAL_MS)));
      track.push({ yaw, pitch, roll }, now);
    }
    this.choose(true);
  }

  /**
   * Who is drawn: online, in this panorama (by their card, and a pose lately), nearest to where I look first, at most
   * `limit`. Listeners hear of new poses always, of the rest only when the list changed.
   */
  private choose(posesArrived: boolean): void {
    const now = this.clock();
    for (const [id, track] of this.tracks) if (now - track.lastAt > AVATAR_STALE_MS) this.tracks.delete(id);
    const { online, limit, hidden } = this.input;
    const here = (id: string) => {
      const place = online.get(id)?.place;
      return place !== undefined && (place?.panoramaId ?? this.input.panoramaId) === this.input.panoramaId;
    };
    const candidates = hidden ? [] : [...this.tracks.keys()].filter(here);
    const chosen = nearestFirst(candidates, (id) => this.tracks.get(id)?.sample(now) ?? null, this.myView(), limit);
    const avatars = chosen.map((id): SceneAvatar => {
      const card = online.get(id)!;
      return { id, name: card.name, initials: initials(card.name), portrait: card.portrait, color: avatarColor(id) };
    });
    const changed = !sameAvatars(avatars, this.avatars);
    if (changed) this.avatars = avatars;
    if (changed || posesArrived) for (const listener of [...this.listeners]) listener();
  }
}

function sameAvatars(a: readonly SceneAvatar[], b: readonly SceneAvatar[]): boolean {
  return a.length === b.length && a.every((x, i) => {
    const y = b[i]!;
    return x.id === y.id && x.name === y.name && x.portrait === y.portrait;
  });
}

/**
 * What the visitor's own view sends: a pose when it moved (at most every POSE_INTERVAL_MS, the client throttles),
 * and the same pose again every POSE_KEEPALIVE_MS while it is still, so newcomers see them and they are not dropped
 * as stale. Returns a stop function.
 */
export function sendOwnPose(send: (pose: Pose) => void, view: () => { yaw: number; pitch: number; roll: number }, clock: () => number = () => Date.now()): () => void {
  let last: Pose | null = null;
  let lastAt = 0;
  const tick = () => {
    const { yaw, pitch, roll } = view();
    const pose: Pose = [round(yaw), round(pitch), round(roll)];
    const now = clock();
    const moved = !last || Math.abs(pose[0] - last[0]) + Math.abs(pose[1] - last[1]) + Math.abs(pose[2] - last[2]) >= 0.2;
    if (!moved && now - lastAt < POSE_KEEPALIVE_MS) return;
    last = pose;
    lastAt = now;
    send(pose);
  };
  tick();
  const timer = setInterval(tick, POSE_INTERVAL_MS);
  return () => clearInterval(timer);
}

/** A tenth of a degree is finer than anyone can see on a head 60 units away, and keeps the messages short. */
const round = (deg: number): number => Math.round(deg * 10) / 10;
