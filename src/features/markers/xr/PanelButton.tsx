import type { Ref } from 'react';
import { Container, type VanillaContainer } from '@react-three/uikit';
import { PanelText } from './PanelText.tsx';

export interface PanelButtonProps {
  label: string;
  lang: string;
  onClick: () => void;
  /** Width of the label area in panel pixels (1 px = 1 mm). */
  labelWidth: number;
  fontSize?: number;
  /** The button's 3D object (its origin is the button's centre): lets tests aim a controller at it. */
  buttonRef?: Ref<VanillaContainer>;
  primary?: boolean;
}

/**
 * A button for controller rays and hand rays: uikit turns the XR pointers' hover/press into its `hover` and
 * `active` styles, and a trigger pull (or pinch) shorter than the store's click threshold into onClick.
 */
export function PanelButton({ label, lang, onClick, labelWidth, fontSize = 30, buttonRef, primary = false }: PanelButtonProps) {
  return (
    <Container
      ref={buttonRef}
      onClick={(e: { stopPropagation?: () => void }) => {
        e.stopPropagation?.();
        onClick();
      }}
      cursor="pointer"
      flexShrink={0}
      paddingX={18}
      paddingY={10}
      borderRadius={14}
      alignItems="center"
      justifyContent="center"
      backgroundColor={primary ? '#1f6feb' : '#30363d'}
      hover={{ backgroundColor: primary ? '#388bfd' : '#484f58' }}
      active={{ backgroundColor: primary ? '#1158c7' : '#21262d', transformScaleX: 0.96, transformScaleY: 0.96 }}
    >
      <PanelText text={label} lang={lang} width={labelWidth} fontSize={fontSize} color="#ffffff" maxLines={1} fontWeight={600} align="center" lineHeight={1.5} />
    </Container>
  );
}
