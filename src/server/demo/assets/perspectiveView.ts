// A perspective photo cut out of an equirectangular panorama (bilinear sampling), used for the
// product photos and the brochure: the product as it stands in the rendered room.

export interface ViewRequest { readonly ath: number; readonly atv: number; readonly fov: number; readonly width: number; readonly height: number }

/** Packed RGB of a pinhole view looking at (ath, atv) degrees with a horizontal field of view. */
export function perspectiveView(rgb: Uint8Array, W: number, H: number, view: ViewRequest): Buffer {
  const out = Buffer.alloc(view.width * view.height * 3);
  const f = view.width / 2 / Math.tan((view.fov * Math.PI) / 360);
  const yaw = (view.ath * Math.PI) / 180;
  const pitch = (-view.atv * Math.PI) / 180;
  const cy = Math.cos(yaw); const sy = Math.sin(yaw); const cp = Math.cos(pitch); const sp = Math.sin(pitch);
  for (let j = 0; j < view.height; j++) {
    for (let i = 0; i < view.width; i++) {
      // Camera frame: right +x, up +y, forward -z; tilt by pitch, then turn by yaw (towards +x).
      const x = i - view.width / 2 + 0.5; const y = -(j - view.height / 2 + 0.5); const z = -f;
      const y2 = y * cp - z * sp; const z2 = y * sp + z * cp;
      const x3 = x * cy - z2 * sy; const z3 = x * sy + z2 * cy;
      const lon = Math.atan2(x3, -z3); const lat = Math.atan2(y2, Math.hypot(x3, z3));
      const u = (lon / (2 * Math.PI) + 0.5) * W - 0.5; const v = (0.5 - lat / Math.PI) * H - 0.5;
      const u0 = Math.floor(u); const v0 = Math.max(0, Math.min(H - 2, Math.floor(v)));
      const a = u - u0; const b = Math.max(0, Math.min(1, v - v0));
      const x0 = ((u0 % W) + W) % W; const x1 = (x0 + 1) % W;
      const o = (j * view.width + i) * 3;
      for (let c = 0; c < 3; c++) {
        const p00 = rgb[(v0 * W + x0) * 3 + c]!; const p10 = rgb[(v0 * W + x1) * 3 + c]!;
        const p01 = rgb[((v0 + 1) * W + x0) * 3 + c]!; const p11 = rgb[((v0 + 1) * W + x1) * 3 + c]!;
        out[o + c] = Math.round((p00 * (1 - a) + p10 * a) * (1 - b) + (p01 * (1 - a) + p11 * a) * b);
      }
    }
  }
  return out;
}
