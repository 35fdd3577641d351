/** Interleaved 8-bit RGB pixels, row-major, no padding: what the tiler's own pixel code works on. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}
