import { Container, type VanillaContainer } from '@react-three/uikit';
import { type Ref, useImperativeHandle, useRef } from 'react';
import type { Object3D } from 'three';
import { PanelIcon } from './PanelIcon.tsx';
import { PanelText } from './PanelText.tsx';
import { isRtl } from './textCanvas.ts';
import { useXRTarget } from './xrTargets.ts';

export interface PanelButtonProps {
  /** Visible text; may be empty for an icon-only button (then give `icon`). */
  label: string;
  lang: string;
  onClick: () => void;
  /**
   * Width of the label area in panel pixels (1 px = 1 mm). The label is drawn only when this is given: a button
   * with neither label nor icon has nothing for uikit to draw, so uikit hides it (and its test target never shows).
   */
  labelWidth?: number;
  fontSize?: number;
  /** SVG path (24 x 24 box) drawn before the label: on its left, or on its right in a right-to-left language. */
  icon?: string;
  iconSize?: number;
  /** The icon's colour (default white): a theme's swatch. */
  iconColor?: string;
  /** The button's 3D object (its origin is the button's centre). */
  buttonRef?: Ref<VanillaContainer>;
  /** Name under which tests find this control (window.__atriumXR.targets). */
  target?: string;
  variant?: 'default' | 'primary' | 'danger' | 'selected';
  /** Smallest height in mm: 64 mm is about 3 degrees at the panels' distance, easy to hit with a ray. */
  minHeight?: number;
  minWidth?: number;
  /** Lines the label may wrap to before it is cut (default 1): long translations in narrow buttons. */
  maxLines?: number;
}

const COLORS = {
  default: ['#30363d', '#484f58', '#21262d'],
  primary: ['#1f6feb', '#388bfd', '#1158c7'],
  danger: ['#b62324', '#da3633', '#8e1519'],
  selected: ['#1a4b8c', '#245fad', '#123a6e'],
} as const;

const PADDING_X = 20;
const ICON_GAP = 12;

/** The labelWidth that makes a labelled button `outer` mm wide overall (its padding, and its icon if any, taken off). */
export function labelWidthFor(outer: number, fontSize: number, withIcon: boolean, iconSize = fontSize * 1.3): number {
  return Math.floor(outer - 2 * PADDING_X - (withIcon ? iconSize + ICON_GAP : 0));
}

type PressEvent = { pointerId: number; stopPropagation?: () => void };

/**
 * A button for controller rays and hand rays: uikit turns the XR pointers' hover/press into its `hover` and
 * `active` styles. A press and a release of the same pointer on the button activate it however long the press
 * lasts: the pointer library's click needs both within its threshold, which slow frames (a busy headset, an
 * emulator stepping in frames) overrun, and presses were then silently lost (the markers do the same).
 */
export function PanelButton(props: PanelButtonProps) {
  const { label, lang, onClick, labelWidth = 0, fontSize = 30, icon, iconSize = fontSize * 1.3, iconColor, buttonRef, target, variant = 'default', minHeight = 64, minWidth, maxLines = 1 } = props;
  const own = useRef<VanillaContainer>(null);
  const pressedBy = useRef<number | null>(null);
  useImperativeHandle(buttonRef, () => own.current!, []);
  useXRTarget(target, own as unknown as { current: Object3D | null }, label || undefined);
  const [base, hover, active] = COLORS[variant];
  return (
    <Container
      ref={own}
      onPointerDown={(e: PressEvent) => {
        e.stopPropagation?.();
        pressedBy.current = e.pointerId;
      }}
      onPointerUp={(e: PressEvent) => {
        if (pressedBy.current !== e.pointerId) return;
        e.stopPropagation?.();
        pressedBy.current = null;
        onClick();
      }}
      onPointerLeave={() => {
        pressedBy.current = null; // released elsewhere: not a press of this button
      }}
      cursor="pointer"
      flexShrink={0}
      // The icon leads the label in reading order: on the right in Arabic, as a right-to-left reader expects.
      flexDirection={isRtl(lang) ? 'row-reverse' : 'row'}
      gap={ICON_GAP}
      minHeight={minHeight}
      minWidth={minWidth ?? minHeight}
      paddingX={label ? PADDING_X : 12}
      paddingY={8}
      borderRadius={16}
      alignItems="center"
      justifyContent="center"
      backgroundColor={base}
      hover={{ backgroundColor: hover }}
      active={{ backgroundColor: active, transformScaleX: 0.96, transformScaleY: 0.96 }}
    >
      {icon && <PanelIcon path={icon} size={iconSize} color={iconColor} target={target && `${target}:icon`} />}
      {label && labelWidth > 0 && (
        <PanelText target={target && `${target}:label`} text={label} lang={lang} width={labelWidth} fontSize={fontSize} color="#ffffff" maxLines={maxLines} fontWeight={600} align="center" lineHeight={1.5} />
      )}
    </Container>
  );
}
