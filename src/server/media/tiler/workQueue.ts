/**
 * Runs async tasks at most `concurrency` at a time, first come first served. Used to keep sharp from
 * taking every core while the main thread projects faces (libuv's four threads would otherwise
 * starve it), and to cap how many tile jobs run at once.
 */
export interface WorkQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Takes effect for queued tasks at once; running tasks are never interrupted. */
  setConcurrency(concurrency: number): void;
  readonly running: number;
  readonly waiting: number;
}

export function createWorkQueue(initialConcurrency: number): WorkQueue {
  let concurrency = checked(initialConcurrency);
  let running = 0;
  const waiting: (() => void)[] = [];

  const startNext = () => {
    while (running < concurrency && waiting.length > 0) {
      running += 1;
      waiting.shift()!();
    }
  };

  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        waiting.push(() => {
          Promise.resolve()
            .then(task)
            .then(resolve, reject)
            .finally(() => {
              running -= 1;
              startNext();
            });
        });
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
      return waiting.length;
    },
  };
}

function checked(concurrency: number): number {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
  return concurrency;
}
