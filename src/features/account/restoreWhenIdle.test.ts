import { describe, expect, it } from 'vitest';
import { restoreSessionWhenIdle } from './restoreWhenIdle.ts';

/** A window whose idle callbacks are recorded, never run: the test checks what was scheduled. */
function idleWindow() {
  const scheduled: (() => void)[] = [];
  const win = {
    requestIdleCallback: (run: () => void) => scheduled.push(run),
    cancelIdleCallback: () => undefined,
  } as unknown as Window;
  return { win, scheduled };
}

describe('restoreSessionWhenIdle', () => {
  it('schedules nothing for a visitor with no kept session: the session code is never loaded', () => {
    const { win, scheduled } = idleWindow();
    const cancel = restoreSessionWhenIdle(win, () => false);
    expect(scheduled).toHaveLength(0);
    expect(cancel).not.toThrow();
  });

  it('resumes a kept session once the page is idle', () => {
    const { win, scheduled } = idleWindow();
    restoreSessionWhenIdle(win, () => true);
    expect(scheduled).toHaveLength(1);
  });
});
