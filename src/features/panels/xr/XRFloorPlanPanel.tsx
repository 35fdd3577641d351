import { Container, Image } from '@react-three/uikit';
import { useEffect, useMemo, useState } from 'react';
import { CanvasTexture, SRGBColorSpace } from 'three';
import { cameraState } from '../../../scene/index.ts';
import { subscribe } from '../../../state/store.ts';
import { ICONS } from '../../xr/kit/icons.ts';
import { PanelButton } from '../../xr/kit/PanelButton.tsx';
import { PANEL_FONT, PANEL_MUTED_COLOR } from '../../xr/kit/PanelFrame.tsx';
import { PanelText } from '../../xr/kit/PanelText.tsx';
import { usePanelImage } from '../../xr/kit/usePanelImage.ts';
import type { XRPanelViewProps } from '../../xr/registry.ts';
import { coneHeading, type FloorPlanViewModel } from '../floorPlanModel.ts';

/** The plan's largest height: with the title and the hint the panel stays within the 700 mm one glance takes in. */
const MAX_PLAN_HEIGHT = 500;
/** A dot is a 64 mm button (about 3 degrees at the panel's distance): what a ray hits at the first try. */
const DOT = 64;
const CONE = 200;
/** Turns of the head smaller than this do not redraw the cone: the panel re-lays out at most a few times a second. */
const CONE_STEP_DEG = 3;

/** The view cone on a canvas: a 70-degree wedge pointing up, fading toward its far edge. */
function useConeTexture(): CanvasTexture {
  const texture = useMemo(() => {
    const side = 256;
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = side;
    const ctx = canvas.getContext('2d')!;
    const c = side / 2;
    const gradient = ctx.createRadialGradient(c, c, 0, c, c, c);
    gradient.addColorStop(0, 'rgba(31, 111, 235, 0.85)');
    gradient.addColorStop(1, 'rgba(31, 111, 235, 0.05)');
    ctx.fillStyle = gradient;
    ctx.beginPath();
    ctx.moveTo(c, c);
    ctx.arc(c, c, c, -Math.PI / 2 - (35 * Math.PI) / 180, -Math.PI / 2 + (35 * Math.PI) / 180);
    ctx.closePath();
    ctx.fill();
    const t = new CanvasTexture(canvas);
    t.colorSpace = SRGBColorSpace;
    t.matrixAutoUpdate = false; // uikit's Image writes its own UV transform
    return t;
  }, []);
  useEffect(() => () => texture.dispose(), [texture]);
  return texture;
}

/** Where the wearer looks, on the plan: the headset's yaw (XRViewSync mirrors it into cameraState), in steps. */
function useHeading(compass: number): number {
  const [heading, setHeading] = useState(() => coneHeading(cameraState.yaw, compass));
  useEffect(() => {
    const update = () => setHeading((h) => {
      const next = coneHeading(cameraState.yaw, compass);
      const turned = Math.abs(((next - h + 540) % 360) - 180);
      return turned >= CONE_STEP_DEG ? next : h;
    });
    update();
    return subscribe(cameraState, update);
  }, [compass]);
  return heading;
}

/**
 * The floor plan in VR: the plan, a dot per placed panorama (choosing one goes there, as on the flat plan) and a
 * cone on the wearer's dot that turns as the head turns. The same view model as FloorPlanPanel.
 */
export default function XRFloorPlanPanel({ vm, lang, width }: XRPanelViewProps<FloorPlanViewModel>) {
  const image = usePanelImage(vm.image || null);
  const cone = useConeTexture();
  const heading = useHeading(vm.compass);
  const aspect = vm.aspect ?? image?.aspect ?? 4 / 3;
  const planWidth = Math.min(width, Math.floor(MAX_PLAN_HEIGHT * aspect));
  const planHeight = Math.round(planWidth / aspect);
  return (
    <Container flexDirection="column" gap={14} width={width} alignItems="center">
      <PanelText text={vm.hint} lang={lang} width={width} fontSize={PANEL_FONT.small} color={PANEL_MUTED_COLOR} maxLines={2} />
      <Container width={planWidth} height={planHeight} flexShrink={0} backgroundColor="#ffffff" borderRadius={12} overflow="hidden">
        {image && <Image src={image.texture} width={planWidth} height={planHeight} objectFit="fill" pointerEvents="none" />}
        {vm.dots.filter((d) => d.current).map((dot) => (
          <Container key="cone" positionType="absolute" positionLeft={dot.x * planWidth - CONE / 2} positionTop={dot.y * planHeight - CONE / 2}
            width={CONE} height={CONE} transformRotateZ={-heading} pointerEvents="none" zIndex={1}>
            <Image src={cone} width={CONE} height={CONE} pointerEvents="none" />
          </Container>
        ))}
        {vm.dots.map((dot) => (
          <Container key={dot.index} positionType="absolute" positionLeft={dot.x * planWidth - DOT / 2} positionTop={dot.y * planHeight - DOT / 2} zIndex={2}>
            <PanelButton label="" lang={lang} icon={ICONS.dot} iconSize={40} minHeight={DOT} minWidth={DOT}
              variant={dot.current ? 'primary' : 'default'} target={`floorplan:${dot.index}`} onClick={() => vm.select(dot.index)} />
          </Container>
        ))}
      </Container>
    </Container>
  );
}
