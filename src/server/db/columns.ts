/** Conversions between portable column values (0/1, JSON text) and application values. */

export const bool = (v: number | null | undefined): boolean => v === 1;
export const bit = (v: boolean | undefined, fallback: 0 | 1 = 0): 0 | 1 => (v === undefined ? fallback : v ? 1 : 0);

/** Parses stored JSON; a damaged value yields the fallback instead of failing the whole tour. */
export function json<T>(text: string | null | undefined, fallback: T): T {
  if (text == null || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export const toJson = (v: unknown): string => JSON.stringify(v ?? null);
export const nowIso = (): string => new Date().toISOString();
