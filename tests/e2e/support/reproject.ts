import sharp from 'sharp';

export interface View {
  yaw: number;
  pitch: number;
  /** Horizontal field of view in degrees (landscape: the long side). */
  hfov: number;
}

/**
 * What a pinhole camera at the sphere's centre sees of an equirectangular image: the reference the viewer's
 * canvas is compared with. Yaw right-positive (krpano ath), pitch up-positive, -Z forward (the image centre).
 */
export async function reprojectView(equirect: Buffer, view: View, width: number, height: number): Promise<Buffer> {
  const { data, info } = await sharp(equirect).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const out = Buffer.alloc(width * height * 3);
  const tanX = Math.tan((view.hfov * Math.PI) / 360);
  const tanY = tanX * (height / width);
  const yaw = (view.yaw * Math.PI) / 180;
  const pitch = (view.pitch * Math.PI) / 180;
  const [cy, sy, cp, sp] = [Math.cos(yaw), Math.sin(yaw), Math.cos(pitch), Math.sin(pitch)];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const px = ((2 * (x + 0.5)) / width - 1) * tanX;
      const py = (1 - (2 * (y + 0.5)) / height) * tanY;
      // pitch about X, then yaw about Y (turning right looks towards +X)
      const y1 = py * cp + sp;
      const z1 = py * sp - cp;
      const dx = px * cy - z1 * sy;
      const dz = px * sy + z1 * cy;
      const len = Math.hypot(dx, y1, dz);
      const lon = Math.atan2(dx, -dz);
      const lat = Math.asin(y1 / len);
      const u = (lon / (2 * Math.PI) + 0.5) * info.width;
      const v = (0.5 - lat / Math.PI) * info.height;
      const sx = Math.min(info.width - 1, Math.max(0, Math.floor(u)));
      const syy = Math.min(info.height - 1, Math.max(0, Math.floor(v)));
      const i = (syy * info.width + sx) * 3;
      const o = (y * width + x) * 3;
      out[o] = data[i]!;
      out[o + 1] = data[i + 1]!;
      out[o + 2] = data[i + 2]!;
    }
  }
  return sharp(out, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

/** Mean absolute difference of two images' greyscale at a small common size (0..255). */
export async function imageDistance(a: Buffer, b: Buffer, width = 160, height = 90): Promise<number> {
  const grey = (img: Buffer) => sharp(img).resize(width, height, { fit: 'fill' }).greyscale().raw().toBuffer();
  const [ga, gb] = await Promise.all([grey(a), grey(b)]);
  let sum = 0;
  for (let i = 0; i < ga.length; i++) sum += Math.abs(ga[i]! - gb[i]!);
  return sum / ga.length;
}
