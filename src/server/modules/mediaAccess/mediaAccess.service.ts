import type { Repositories } from '../../db/repositories.ts';
import { nowIso } from '../../db/columns.ts';
import { canEditBuilding } from '../access/policy.ts';
import { toSessionUser, type SessionUser } from '../auth/identity.ts';
import { isOpenToAll } from '../buildings/tourGate.ts';
import type { MediaAccessRepository, MediaOwners } from './mediaAccess.repository.ts';
import type { MediaPasses } from './mediaPasses.ts';

/**
 * public: anyone may fetch it and shared caches may keep it. private: served to this requester only (a pass or an
 * editor's cookie), never kept by a shared cache. null: refused (answered as missing, so nothing is learnt).
 */
export type MediaDecision = { kind: 'public' } | { kind: 'private'; maxAgeSeconds: number } | null;

export interface MediaRequest {
  /** The file under the media folder, decoded, without a leading slash (`panoramas/p1/v1/tiles/0/f/0_0.jpg`). */
  relative: string;
  /** The pass segment of a `/media/pass/<pass>/...` URL. */
  pass: string | null;
  /** The editors' media cookie. */
  editorCookie: string | null;
}

const PARTIAL = /\.partial-/;

/**
 * Lookups are kept a moment: tiles of one folder arrive by the hundred. A public answer is kept 10 s (a gate switched
 * on is obeyed within that); a closed one only 1 s, so a tour just published or opened shows at once.
 */
const PUBLIC_TTL_MS = 10_000;
const CLOSED_TTL_MS = 1_000;
const MAX_ENTRIES = 5000;

class TtlCache<T> {
  private readonly entries = new Map<string, { until: number; value: Promise<T> }>();
  constructor(private readonly ttlOf: (value: T) => number, private readonly clock: () => number) {}
  get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && this.clock() < hit.until) return hit.value;
    const value = load();
    const entry = { until: Number.POSITIVE_INFINITY, value };
    value.then((v) => { entry.until = this.clock() + this.ttlOf(v); }, () => this.entries.delete(key));
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}

const isPublic = (o: MediaOwners) => o.publicReference || o.tours.some(isOpenToAll);

/**
 * Who may fetch a file under /media. A file that some tour open to everyone shows (or that is shown before any gate,
 * like a logo) is public. A file only tours behind a gate, drafts or hidden tours reference is served with a pass
 * for one of those tours, or to one of their editors (the studio's cookie). Half-written folders (`.partial-*`) and
 * tile sets no panorama row publishes are never served.
 */
export class MediaAccess {
  private readonly owners: TtlCache<MediaOwners>;
  private readonly editors: TtlCache<SessionUser | null>;

  constructor(
    private readonly repo: MediaAccessRepository,
    private readonly repos: Repositories,
    private readonly passes: MediaPasses,
    clock: () => number = Date.now,
  ) {
    this.owners = new TtlCache((o) => (isPublic(o) ? PUBLIC_TTL_MS : CLOSED_TTL_MS), clock);
    this.editors = new TtlCache(() => CLOSED_TTL_MS * 10, clock);
  }

  async decide(request: MediaRequest): Promise<MediaDecision> {
    const segments = request.relative.split('/');
    if (segments.some((s) => s === '' || s === '.' || s === '..' || PARTIAL.test(s))) return null;
    const owners = await this.ownersOf(segments);
    if (owners === 'unowned') return { kind: 'public' };
    if (owners === 'orphan') return null;
    if (isPublic(owners)) return { kind: 'public' };
    if (request.pass) {
      const tourId = this.passes.verify(request.pass);
      const tour = tourId ? owners.tours.find((t) => t.id === tourId) : undefined;
      if (tour && !tour.removedAt && !tour.hidden) return { kind: 'private', maxAgeSeconds: this.passes.secondsLeft(request.pass) };
    }
    if (request.editorCookie) {
      const sessionHash = this.passes.verifyEditorCookie(request.editorCookie);
      const user = sessionHash ? await this.editors.get(sessionHash, () => this.sessionUser(sessionHash)) : null;
      if (user && owners.tours.some((t) => canEditBuilding(user, t))) return { kind: 'private', maxAgeSeconds: 0 };
    }
    return null;
  }

  /**
   * 'unowned': a file no tour decides about (chat pictures, whose random names are their capability; an upload not
   * yet placed on a marker). 'orphan': under panoramas/ but no panorama row publishes it (a killed or replaced tiling),
   * or a guided tour's audio no recording keeps.
   */
  private ownersOf(segments: string[]): Promise<MediaOwners | 'unowned' | 'orphan'> {
    const [top, panoramaId, entry] = segments;
    if (top === 'panoramas') {
      if (!panoramaId || !entry) return Promise.resolve('orphan');
      // raw-<version>.<ext> sits beside the version folders; everything else is inside one.
      const isRaw = segments.length === 3 && entry.startsWith('raw-');
      const url = `/media/panoramas/${panoramaId}/${entry}`;
      return this.owners.get(`${isRaw ? 'file' : 'folder'}:${url}`, () => (isRaw ? this.repo.ownersOfFile(url) : this.repo.ownersOfFolder(url)))
        .then((o) => (o.tours.length === 0 && !o.publicReference ? 'orphan' : o));
    }
    if (top === 'pilots') {
      const relative = segments.join('/');
      return this.owners.get(`pilot:${relative}`, () => this.repo.ownersOfPilotAudio(relative)).then((o) => (o.tours.length === 0 ? 'orphan' : o));
    }
    if (top === 'assets') {
      const url = `/media/${segments.join('/')}`;
      return this.owners.get(`file:${url}`, () => this.repo.ownersOfFile(url))
        .then((o) => (o.tours.length === 0 && !o.publicReference ? 'unowned' : o));
    }
    return Promise.resolve('unowned');
  }

  private async sessionUser(sessionHash: string): Promise<SessionUser | null> {
    const row = await this.repos.sessions.findUser(sessionHash, nowIso());
    return row ? toSessionUser(row) : null;
  }
}
