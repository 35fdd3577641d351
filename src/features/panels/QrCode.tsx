import { useMemo } from 'react';
import { qrModules } from '../../protocol/qrModules.ts';

const QUIET_ZONE = 4;

/** A QR code as an SVG path (crisp at any size), one square per dark module. */
export function QrCode({ text, label }: { text: string; label: string }) {
  // An address too long for a QR code shows none: the copy button still works.
  const modules = useMemo(() => qrModules(text), [text]);
  if (!modules) return null;
  const size = modules.length + QUIET_ZONE * 2;
  let path = '';
  modules.forEach((row, y) => row.forEach((dark, x) => { if (dark) path += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`; }));
  return (
    <svg className="atrium-qr" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} data-testid="share-qr" shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
