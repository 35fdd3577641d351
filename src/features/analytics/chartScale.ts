/** A "nice" top for a chart axis (1, 2 or 5 times a power of ten) at or above the largest value; at least 1. */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/**
 * Whole-number axis ticks from 0 to a niceMax top (inclusive): views are counts, so a tick never reads 0.25.
 * Tops up to 5 get a tick per unit; larger tops (1, 2 or 5 times a power of ten) split into 5, 4 or 5 steps.
 */
export function ticks(max: number): number[] {
  const lead = max / 10 ** Math.floor(Math.log10(max));
  const steps = max <= 5 ? max : lead === 2 ? 4 : 5;
  return Array.from({ length: steps + 1 }, (_, i) => (max * i) / steps);
}

/** Seconds as whole minutes and seconds. */
export function minutesAndSeconds(total: number): { minutes: number; seconds: number } {
  const rounded = Math.max(0, Math.round(total));
  return { minutes: Math.floor(rounded / 60), seconds: rounded % 60 };
}
