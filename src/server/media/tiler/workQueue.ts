/**
 * Runs async tasks at most `concurrency` at a time. Used to keep sharp from taking every core while the main
 * thread projects faces (libuv's four threads would otherwise starve it), and to cap how many tile jobs run at once.
 *
 * Tasks may name who they are for (an account): tasks of one key run in the order they came, and the keys take
 * turns, so one account that uploads a hundred panoramas does not make another's single upload wait for all of
 * them. Tasks without a key share one turn and run first come, first served.
 */
export interface WorkQueue {
  run<T>(task: () => Promise<T>, key?: string): Promise<T>;
  /** Takes effect for queued tasks at once; running tasks are never interrupted. */
  setConcurrency(concurrency: number): void;
  readonly running: number;
  readonly waiting: number;
}

export function createWorkQueue(initialConcurrency: number): WorkQueue {
  let concurrency = checked(initialConcurrency);
  let running = 0;
  let waitingCount = 0;
  const lanes = new Map<string, (() => void)[]>();
  /** When each key was last served (a serial number); cleared whenever the queue falls idle. */
  const lastServed = new Map<string, number>();
  let serial = 0;

  /** The lane served longest ago (never served first; ties in the order the lanes came). */
  const takeNext = (): (() => void) | undefined => {
    let chosen: string | undefined;
    for (const key of lanes.keys()) {
      if (chosen === undefined || (lastServed.get(key) ?? -1) < (lastServed.get(chosen) ?? -1)) chosen = key;
    }
    if (chosen === undefined) return undefined;
    const lane = lanes.get(chosen)!;
    const start = lane.shift()!;
    if (lane.length === 0) lanes.delete(chosen);
    lastServed.set(chosen, (serial += 1));
    waitingCount -= 1;
    return start;
  };

  const startNext = () => {
    while (running < concurrency) {
      const start = takeNext();
      if (!start) return;
      running += 1;
      start();
    }
  };

  return {
    run<T>(task: () => Promise<T>, key = ''): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const lane = lanes.get(key) ?? [];
        if (lane.length === 0) lanes.set(key, lane);
        lane.push(() => {
          Promise.resolve()
            .then(task)
            .then(resolve, reject)
            .finally(() => {
              running -= 1;
              if (running === 0 && waitingCount === 0) lastServed.clear();
              startNext();
            });
        });
        waitingCount += 1;
        startNext();
      });
    },
    setConcurrency(next: number) {
      concurrency = checked(next);
      startNext();
    },
    get running() {
      return running;
    },
    get waiting() {
      return waitingCount;
    },
  };
}

function checked(concurrency: number): number {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
  return concurrency;
}
