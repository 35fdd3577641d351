import type { Namespace, Socket } from 'socket.io';
import { POSE_INTERVAL_MS, type Pose, type PoseBatch } from '../../protocol/lounge.ts';

/** Socket.IO room of the people looking at one panorama (panorama ids are unique across tours). */
export const panoramaRoom = (panoramaId: string): string => `pano:${panoramaId}`;

interface Tracked {
  socket: Socket;
  userId: string;
  panoramaId: string | null;
  /** People this socket must never receive (blocked either way). */
  hidden: ReadonlySet<string>;
}

export interface PoseRelayOptions {
  intervalMs?: number;
  /** Hands this process's batches to the other processes (the Redis adapter's serverSideEmit); absent alone. */
  publish?: (batch: PoseBatch) => void;
}

/**
 * Fan-out of avatar poses. Senders emit about 10 poses a second each; instead of forwarding every pose to everyone
 * in the panorama (N senders x N receivers messages per tick), each process keeps the latest pose per person per
 * panorama and, once per tick, sends the panorama's room one batch: a receiver gets one message per tick per server
 * process, whatever the number of senders. The batch is encoded once for the whole room; only a receiver who blocked
 * (or was blocked by) a sender in it gets a copy of its own without that sender.
 */
export class PoseRelay {
  private readonly pending = new Map<string, Map<string, Pose>>();
  private readonly tracked = new Map<string, Tracked>();
  /** userId -> sockets (ids) that must not see them. */
  private readonly hiders = new Map<string, Set<string>>();
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(private readonly nsp: Namespace, private readonly opts: PoseRelayOptions = {}) {
    this.timer = setInterval(() => this.flush(), opts.intervalMs ?? POSE_INTERVAL_MS);
    this.timer.unref();
  }

  track(socket: Socket, userId: string, panoramaId: string | null, hidden: ReadonlySet<string>): void {
    this.untrack(socket);
    this.tracked.set(socket.id, { socket, userId, panoramaId, hidden });
    this.index(socket.id, hidden, +1);
    if (panoramaId) void socket.join(panoramaRoom(panoramaId));
  }

  move(socket: Socket, panoramaId: string | null): void {
    const t = this.tracked.get(socket.id);
    if (!t || t.panoramaId === panoramaId) return;
    if (t.panoramaId) {
      void socket.leave(panoramaRoom(t.panoramaId));
      this.pending.get(t.panoramaId)?.delete(t.userId);
    }
    t.panoramaId = panoramaId;
    if (panoramaId) void socket.join(panoramaRoom(panoramaId));
  }

  hiddenOf(socketId: string): ReadonlySet<string> {
    return this.tracked.get(socketId)?.hidden ?? new Set();
  }

  setHidden(socketId: string, hidden: ReadonlySet<string>): void {
    const t = this.tracked.get(socketId);
    if (!t) return;
    this.index(socketId, t.hidden, -1);
    t.hidden = hidden;
    this.index(socketId, hidden, +1);
  }

  untrack(socket: Socket): void {
    const t = this.tracked.get(socket.id);
    if (!t) return;
    this.tracked.delete(socket.id);
    this.index(socket.id, t.hidden, -1);
    if (t.panoramaId) void socket.leave(panoramaRoom(t.panoramaId));
  }

  /** The latest pose of this socket's person; older ones of the same tick are superseded. */
  submit(socketId: string, pose: Pose): void {
    const t = this.tracked.get(socketId);
    if (!t?.panoramaId) return;
    let room = this.pending.get(t.panoramaId);
    if (!room) this.pending.set(t.panoramaId, (room = new Map()));
    room.set(t.userId, pose);
  }

  flush(): void {
    if (this.pending.size === 0) return;
    const batches = [...this.pending].map(([panoramaId, poses]): PoseBatch => ({
      panoramaId,
      poses: [...poses].map(([userId, [yaw, pitch, roll]]) => [userId, yaw, pitch, roll]),
    }));
    this.pending.clear();
    for (const batch of batches) {
      this.deliver(batch);
      this.opts.publish?.(batch);
    }
  }

  /** To this process's sockets in the panorama (batches of other processes arrive here too). */
  deliver(batch: PoseBatch): void {
    const exceptions: string[] = [];
    for (const [userId] of batch.poses) {
      for (const socketId of this.hiders.get(userId) ?? []) {
        if (this.tracked.get(socketId)?.panoramaId === batch.panoramaId && !exceptions.includes(socketId)) exceptions.push(socketId);
      }
    }
    this.nsp.local.to(panoramaRoom(batch.panoramaId)).except(exceptions).volatile.emit('pose:batched', batch);
    for (const socketId of exceptions) {
      const t = this.tracked.get(socketId)!;
      const poses = batch.poses.filter(([userId]) => !t.hidden.has(userId));
      if (poses.length > 0) t.socket.volatile.emit('pose:batched', { panoramaId: batch.panoramaId, poses });
    }
  }

  close(): void {
    clearInterval(this.timer);
    this.pending.clear();
    this.tracked.clear();
    this.hiders.clear();
  }

  private index(socketId: string, hidden: ReadonlySet<string>, delta: 1 | -1): void {
    for (const userId of hidden) {
      let set = this.hiders.get(userId);
      if (delta > 0) {
        if (!set) this.hiders.set(userId, (set = new Set()));
        set.add(socketId);
      } else if (set) {
        set.delete(socketId);
        if (set.size === 0) this.hiders.delete(userId);
      }
    }
  }
}
