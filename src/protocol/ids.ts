// The id rule as plain values, free of zod: the viewer's entry chunk checks ids in the address without loading
// zod (the entry chunk's 200 kB gzip budget); tour.ts builds IdSchema from the same two values.

/** Ids are opaque strings (10 url-safe characters for new rows), at most this long. */
export const ID_MAX_LENGTH = 64;
export const ID_CHARACTERS = /^[A-Za-z0-9_-]+$/;

/** The same verdict as IdSchema.safeParse(value).success. */
export function isId(value: string): boolean {
  return value.length >= 1 && value.length <= ID_MAX_LENGTH && ID_CHARACTERS.test(value);
}
