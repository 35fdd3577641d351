// Records a route while a pilot walks the tour: panorama changes, marker panels and the view, sampled often enough
// to replay smoothly (PILOT_SAMPLE_INTERVAL_MS) but only while it moves, so a pilot who stands still costs nothing.
import { PILOT_SAMPLE_INTERVAL_MS, type PilotRoute, type RouteMarker, type RoutePanorama, type RouteView } from '../../../protocol/pilot.ts';
import { wrapDegrees } from './angles.ts';

export interface View {
  yaw: number;
  pitch: number;
  fov: number;
}

/** Changes smaller than these are noise (a sub-pixel drift), not movement worth a sample. */
const YAW_EPSILON = 0.05;
const PITCH_EPSILON = 0.05;
const FOV_EPSILON = 0.1;

const round = (n: number): number => Math.round(n * 100) / 100;
const sample = (t: number, v: View): RouteView => [Math.max(0, Math.round(t)), round(wrapDegrees(v.yaw)), round(Math.max(-90, Math.min(90, v.pitch))), round(Math.max(1, Math.min(179, v.fov)))];

export function viewMoved(a: View, b: View): boolean {
  return Math.abs(wrapDegrees(b.yaw - a.yaw)) > YAW_EPSILON || Math.abs(b.pitch - a.pitch) > PITCH_EPSILON || Math.abs(b.fov - a.fov) > FOV_EPSILON;
}

/**
 * Times are milliseconds since the recording started (the caller's clock, so tests need no timers). Call `tick`
 * every frame (or as often as it likes): it keeps at most one sample per interval.
 */
export class RouteRecorder {
  private readonly views: RouteView[] = [];
  private readonly panoramas: RoutePanorama[] = [];
  private readonly markers: RouteMarker[] = [];
  /** The view last seen by tick, sampled or not: written as a "hold" sample when movement resumes after a pause. */
  private seen: { t: number; view: View } | null = null;
  private openMarker: string | null = null;

  constructor(panoramaId: string, view: View, openMarkerId: string | null = null) {
    this.panoramas.push({ t: 0, panoramaId });
    this.views.push(sample(0, view));
    this.seen = { t: 0, view };
    if (openMarkerId) this.marker(0, openMarkerId);
  }

  get startView(): { panoramaId: string } & View {
    const [, yaw, pitch, fov] = this.views[0]!;
    return { panoramaId: this.panoramas[0]!.panoramaId, yaw, pitch, fov };
  }

  tick(t: number, view: View): void {
    const last = this.views.at(-1)!;
    const lastView = { yaw: last[1], pitch: last[2], fov: last[3] };
    if (!viewMoved(lastView, view)) {
      this.seen = { t, view };
      return;
    }
    if (t - last[0] < PILOT_SAMPLE_INTERVAL_MS) return;
    // The view stood still since the last sample: keep that stillness, or playback would drift across the pause.
    if (this.seen && this.seen.t > last[0] && !viewMoved(lastView, this.seen.view)) this.views.push(sample(this.seen.t, this.seen.view));
    this.views.push(sample(t, view));
    this.seen = { t, view };
  }

  /** A new panorama: its arrival view is sampled at once, so playback never interpolates across the cut. */
  panorama(t: number, panoramaId: string, view: View): void {
    if (this.panoramas.at(-1)!.panoramaId === panoramaId) return;
    this.panoramas.push({ t: Math.round(t), panoramaId });
    this.pushForced(t, view);
  }

  marker(t: number, markerId: string | null): void {
    if (markerId === this.openMarker) return;
    this.openMarker = markerId;
    this.markers.push({ t: Math.round(t), markerId });
  }

  finish(t: number, view?: View): PilotRoute {
    if (view) this.pushForced(t, view);
    const durationMs = Math.max(Math.round(t), this.views.at(-1)![0], this.panoramas.at(-1)!.t, this.markers.at(-1)?.t ?? 0);
    return { version: 1, durationMs, views: [...this.views], panoramas: [...this.panoramas], markers: [...this.markers] };
  }

  private pushForced(t: number, view: View): void {
    const at = Math.max(Math.round(t), this.views.at(-1)![0]);
    const next = sample(at, view);
    if (this.views.at(-1)![0] === at) this.views[this.views.length - 1] = next;
    else this.views.push(next);
    this.seen = { t: at, view };
  }
}
