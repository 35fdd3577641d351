export type TileInputErrorCode =
  | 'NOT_AN_IMAGE'
  | 'CORRUPT_IMAGE'
  | 'UNSUPPORTED_FORMAT'
  | 'WRONG_RATIO'
  | 'TOO_LARGE'
  | 'TOO_SMALL'
  | 'FACES_MISMATCH';

/** The uploaded image(s) cannot be tiled. The message names the file and says what is wrong, for humans. */
export class TileInputError extends Error {
  override readonly name = 'TileInputError';

  constructor(
    readonly code: TileInputErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const TILE_INPUT_ERROR_CODES: readonly TileInputErrorCode[] = [
  'NOT_AN_IMAGE', 'CORRUPT_IMAGE', 'UNSUPPORTED_FORMAT', 'WRONG_RATIO', 'TOO_LARGE', 'TOO_SMALL', 'FACES_MISMATCH',
];

export function isTileInputErrorCode(code: unknown): code is TileInputErrorCode {
  return typeof code === 'string' && (TILE_INPUT_ERROR_CODES as readonly string[]).includes(code);
}
