import { Container, type VanillaContainer } from '@react-three/uikit';
import { type ReactNode, type Ref, useRef } from 'react';
import type { Object3D } from 'three';
import { fontPx, TEXT_DEG } from './angularSize.ts';
import { ICONS } from './icons.ts';
import { PanelButton } from './PanelButton.tsx';
import { PanelIcon } from './PanelIcon.tsx';
import { PanelText } from './PanelText.tsx';
import { CLOSE_SIZE, PANEL_GAP, PANEL_PADDING } from './panelSize.ts';
import { PANEL_DISTANCE } from './placement.ts';
import { isRtl } from './textCanvas.ts';
import { useXRCorners, useXRTarget } from './xrTargets.ts';

/**
 * The panorama's layers draw without depth testing, ordered by renderOrder, and the scene's markers at 1000
 * (src/scene/markers/Markers3D.tsx): at uikit's default 0 a panel was drawn first and painted over by the
 * panorama. Above both, it is always in front. uikit passes the root's renderOrder to every child.
 */
export const PANEL_RENDER_ORDER = 2000;
// The frame's sizes, where code without uikit can read them too; re-exported for the panels that import them here.
export { CLOSE_SIZE, PANEL_PADDING };
export const PANEL_BACKGROUND = '#0d1117';
export const PANEL_TEXT_COLOR = '#e6edf3';
export const PANEL_MUTED_COLOR = '#9da7b3';

/** Font sizes (layout px = mm) at the panels' distance, from the angles in angularSize.ts. */
export const PANEL_FONT = {
  small: fontPx(TEXT_DEG.small, PANEL_DISTANCE),
  body: fontPx(TEXT_DEG.body, PANEL_DISTANCE),
  button: fontPx(TEXT_DEG.button, PANEL_DISTANCE),
  title: fontPx(TEXT_DEG.title, PANEL_DISTANCE),
};

export interface PanelFrameProps {
  title: string;
  lang: string;
  /** Content width in layout pixels; the frame adds its padding around it. */
  width: number;
  onClose: () => void;
  icon?: string;
  /** Test target name of the close button. */
  closeTarget?: string;
  closeRef?: Ref<VanillaContainer>;
  /** Test target name of the card itself (its centre; its corners under the same name in `corners`). */
  cardTarget?: string;
  children?: ReactNode;
}

/**
 * The chrome every in-world panel shares: an opaque dark card (nothing of the panorama or its markers shows
 * through), a title row with the panel's icon and a large close button, then the content. Mirrored for
 * right-to-left languages (close button on the left, text right-aligned).
 */
export function PanelFrame({ title, lang, width, onClose, icon, closeTarget, closeRef, cardTarget, children }: PanelFrameProps) {
  const card = useRef<VanillaContainer>(null);
  useXRTarget(cardTarget, card as unknown as { current: Object3D | null });
  useXRCorners(cardTarget, card as unknown as { current: Object3D | null });
  const row = isRtl(lang) ? 'row-reverse' : 'row';
  const iconSize = icon ? Math.round(PANEL_FONT.title * 1.2) : 0;
  const titleWidth = width - CLOSE_SIZE - (icon ? iconSize + 16 : 0) - 16;
  return (
    <Container
      ref={card}
      renderOrder={PANEL_RENDER_ORDER}
      // The whole card takes the ray, not only its buttons: the pointer library hands a ray to the nearest object
      // with listeners ('listener' by default), so a ray through the card's background went on to the marker
      // behind it and opened that marker instead.
      pointerEvents="auto"
      pixelSize={0.001}
      anchorX="center"
      anchorY="center"
      width={width + 2 * PANEL_PADDING}
      padding={PANEL_PADDING}
      gap={PANEL_GAP}
      flexDirection="column"
      backgroundColor={PANEL_BACKGROUND}
      borderRadius={28}
      borderWidth={2}
      borderColor="#30363d"
    >
      <Container flexDirection={row} alignItems="center" gap={16}>
        {icon && <PanelIcon path={icon} size={iconSize} color="#8ab4f8" />}
        <Container flexGrow={1} flexShrink={1}>
          <PanelText text={title} lang={lang} width={titleWidth} fontSize={PANEL_FONT.title} fontWeight={700} color="#ffffff" maxLines={2} lineHeight={1.3} />
        </Container>
        <PanelButton label="" lang={lang} icon={ICONS.close} iconSize={52} minHeight={CLOSE_SIZE} minWidth={CLOSE_SIZE} onClick={onClose} target={closeTarget} buttonRef={closeRef} />
      </Container>
      {children}
    </Container>
  );
}
