// Snapshot interpolation of one person's pose. Poses arrive about every POSE_INTERVAL_MS (batched per server tick),
// with jitter; drawing the newest one as it lands makes a head jump ten times a second. Instead the track draws the
// pose of `delayMs` ago, between the two samples around that moment, so motion is smooth at any frame rate; past the
// newest sample it holds still (no extrapolation: a head that overshoots and comes back looks worse than one that waits).
import { angleDelta, normalizeAngle } from '../math/angles.ts';
import type { ScenePose } from './avatarTypes.ts';

interface Sample extends ScenePose {
  t: number;
}

/** Samples kept: enough to bracket the render time even when two batches land in one frame. */
const KEEP = 4;

export class PoseTrack {
  private readonly samples: Sample[] = [];

  constructor(private readonly delayMs: number) {}

  /** A pose received at time t (ms). Older-than-newest arrivals are dropped (volatile messages may reorder). */
  push(pose: ScenePose, t: number): void {
    const last = this.samples.at(-1);
    if (last && t < last.t) return;
    this.samples.push({ ...pose, t });
    if (this.samples.length > KEEP) this.samples.shift();
  }

  /** When the newest sample arrived, or -Infinity. */
  get lastAt(): number {
    return this.samples.at(-1)?.t ?? Number.NEGATIVE_INFINITY;
  }

  sample(now: number): ScenePose | null {
    const at = now - this.delayMs;
    const s = this.samples;
    if (s.length === 0) return null;
    const first = s[0]!;
    const last = s.at(-1)!;
    if (at <= first.t) return pose(first);
    if (at >= last.t) return pose(last);
    for (let i = 1; i < s.length; i++) {
      const b = s[i]!;
      if (at <= b.t) {
        const a = s[i - 1]!;
        const f = b.t === a.t ? 1 : (at - a.t) / (b.t - a.t);
        return interpolatePose(a, b, f);
      }
    }
    return pose(last);
  }

  /** The drawn pose has not reached the newest sample yet. */
  moving(now: number): boolean {
    return this.samples.length > 1 && now - this.delayMs < this.lastAt;
  }
}

const pose = ({ yaw, pitch, roll }: ScenePose): ScenePose => ({ yaw, pitch, roll });

/** Between a and b at fraction f; yaw and roll the short way round (179 -> -179 passes 180, not 0). */
export function interpolatePose(a: ScenePose, b: ScenePose, f: number): ScenePose {
  return {
    yaw: normalizeAngle(a.yaw + angleDelta(a.yaw, b.yaw) * f),
    pitch: a.pitch + (b.pitch - a.pitch) * f,
    roll: normalizeAngle(a.roll + angleDelta(a.roll, b.roll) * f),
  };
}
