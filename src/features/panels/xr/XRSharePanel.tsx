import { Container, Image } from '@react-three/uikit';
import { useEffect, useMemo } from 'react';
import { CanvasTexture, NearestFilter, SRGBColorSpace } from 'three';
import { PANEL_FONT, PANEL_MUTED_COLOR, PANEL_TEXT_COLOR } from '../../xr/kit/PanelFrame.tsx';
import { PanelText } from '../../xr/kit/PanelText.tsx';
import type { XRPanelViewProps } from '../../xr/registry.ts';
import { qrModules } from '../../../protocol/qrModules.ts';
import type { ShareViewModel } from '../shareModel.ts';

/** The QR code's side in the panel: 300 mm at 1.2 m, large enough for a phone held up to the casted picture. */
const QR_SIZE = 300;
const QUIET_ZONE = 4;
const PIXELS_PER_MODULE = 8;

/** The QR code on a canvas, black on white with its quiet zone, sampled nearest so modules stay square. */
function useQrTexture(text: string): CanvasTexture | null {
  const texture = useMemo(() => {
    const modules = qrModules(text);
    if (!modules) return null;
    const side = (modules.length + 2 * QUIET_ZONE) * PIXELS_PER_MODULE;
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = side;
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, side, side);
    ctx.fillStyle = '#000000';
    modules.forEach((row, y) => row.forEach((dark, x) => {
      if (dark) ctx.fillRect((x + QUIET_ZONE) * PIXELS_PER_MODULE, (y + QUIET_ZONE) * PIXELS_PER_MODULE, PIXELS_PER_MODULE, PIXELS_PER_MODULE);
    }));
    const t = new CanvasTexture(canvas);
    t.colorSpace = SRGBColorSpace;
    t.magFilter = NearestFilter;
    t.generateMipmaps = false;
    t.minFilter = NearestFilter;
    // uikit's Image writes its own UV transform into texture.matrix.
    t.matrixAutoUpdate = false;
    return t;
  }, [text]);
  useEffect(() => () => texture?.dispose(), [texture]);
  return texture;
}

/** The share panel in VR: the tour's QR code and link (the same view model as the flat dialog). */
export default function XRSharePanel({ vm, lang, width }: XRPanelViewProps<ShareViewModel>) {
  const qr = useQrTexture(vm.link);
  return (
    <Container flexDirection="column" gap={14} alignItems="center" width={width}>
      {qr && <Image src={qr} width={QR_SIZE} height={QR_SIZE} flexShrink={0} pointerEvents="none" />}
      <PanelText text={vm.qrLabel} lang={lang} width={width} fontSize={PANEL_FONT.small} color={PANEL_MUTED_COLOR} align="center" maxLines={1} />
      <PanelText text={vm.linkLabel} lang={lang} width={width} fontSize={PANEL_FONT.small} fontWeight={700} color={PANEL_MUTED_COLOR} maxLines={1} />
      {/* A link reads left to right in every language. */}
      <PanelText text={vm.link} lang="en" width={width} fontSize={PANEL_FONT.small} color={PANEL_TEXT_COLOR} maxLines={3} />
    </Container>
  );
}
