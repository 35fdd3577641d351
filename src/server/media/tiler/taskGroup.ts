/**
 * Background work started during one tiling job (sharp encodes running on libuv threads while the
 * main thread reprojects). On failure we must not delete the temp folder while some encode is still
 * writing into it, so `settle` waits for every task before reporting the first error.
 */
export class TaskGroup {
  private readonly tasks: Promise<unknown>[] = [];
  private firstError: { error: unknown } | undefined;

  add<T>(task: Promise<T>): Promise<T> {
    this.tasks.push(task);
    task.catch((error: unknown) => {
      this.firstError ??= { error };
    });
    return task;
  }

  /** Lets a long synchronous loop stop early when some background task already failed. */
  throwIfFailed(): void {
    if (this.firstError) throw this.firstError.error;
  }

  async settle(): Promise<void> {
    // Tasks may add tasks while we wait, so loop until the list stops growing.
    let seen = 0;
    while (seen < this.tasks.length) {
      const batch = this.tasks.slice(seen);
      seen = this.tasks.length;
      await Promise.allSettled(batch);
    }
    this.throwIfFailed();
  }

  /** Runs `body`; whether it succeeds or throws, waits for all tasks; rethrows the first failure. */
  async run<T>(body: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await body();
    } catch (error) {
      await this.settle().catch(() => undefined);
      throw error;
    }
    await this.settle();
    return result;
  }
}

/** Promise.all that, on failure, still waits for the others (they may be writing into a folder we delete). */
export async function settleAll<T>(tasks: readonly Promise<T>[]): Promise<T[]> {
  const results = await Promise.allSettled(tasks);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<T>).value);
}

/** Lets pending callbacks (finished encodes) run between slices of synchronous work. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
