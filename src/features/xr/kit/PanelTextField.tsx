import { Container, type VanillaContainer } from '@react-three/uikit';
import { useRef } from 'react';
import type { Object3D } from 'three';
import { PANEL_FONT, PANEL_MUTED_COLOR, PANEL_TEXT_COLOR } from './PanelFrame.tsx';
import { PanelText } from './PanelText.tsx';
import type { XRTextInput } from './useXRTextInput.ts';
import { useXRTarget } from './xrTargets.ts';

export interface PanelTextFieldProps {
  /** The text typed so far (the hidden input's value). */
  value: string;
  /** Said while the field is empty and not being typed into. */
  placeholder: string;
  lang: string;
  /** Outer width in mm. */
  width: number;
  input: XRTextInput;
  target?: string;
}

const PADDING = 16;
/** Characters of the end of a long text the field shows: the wearer sees what they are typing, not its start. */
const TAIL = 90;
/** Stands for the caret: where typed letters will appear (at the left end of Arabic text, drawn right to left). */
const CARET = '|';

/**
 * A text field for rays and pinches: pressing it focuses the hidden input of useXRTextInput, which raises the
 * headset's system keyboard where there is one. Same press rule as PanelButton (a press and release of one ray).
 */
export function PanelTextField({ value, placeholder, lang, width, input, target }: PanelTextFieldProps) {
  const own = useRef<VanillaContainer>(null);
  const pressedBy = useRef<number | null>(null);
  useXRTarget(target, own as unknown as { current: Object3D | null });
  const tail = [...value].length > TAIL ? `…${[...value].slice(-TAIL).join('')}` : value;
  const text = input.focused ? `${tail}${CARET}` : tail || placeholder;
  return (
    <Container
      ref={own}
      onPointerDown={(e: { pointerId: number; stopPropagation?: () => void }) => {
        e.stopPropagation?.();
        pressedBy.current = e.pointerId;
      }}
      onPointerUp={(e: { pointerId: number; stopPropagation?: () => void }) => {
        if (pressedBy.current !== e.pointerId) return;
        e.stopPropagation?.();
        pressedBy.current = null;
        input.focus();
      }}
      onPointerLeave={() => {
        pressedBy.current = null;
      }}
      cursor="text"
      flexShrink={0}
      width={width}
      minHeight={64}
      padding={PADDING}
      paddingY={12}
      borderRadius={12}
      borderWidth={3}
      borderColor={input.focused ? '#388bfd' : '#484f58'}
      backgroundColor="#010409"
      hover={{ borderColor: '#58a6ff' }}
      alignItems="center"
    >
      <PanelText text={text} lang={lang} width={width - 2 * PADDING - 6} fontSize={PANEL_FONT.body} color={value || input.focused ? PANEL_TEXT_COLOR : PANEL_MUTED_COLOR} maxLines={2} />
    </Container>
  );
}
