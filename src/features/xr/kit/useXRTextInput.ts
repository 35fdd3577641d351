import { useEffect, useRef, useState } from 'react';
import { isRtl } from './textCanvas.ts';

// Typing inside a VR session. A canvas cannot take text, but the page still can: a real <input>, invisible and
// outside the canvas, is focused when the wearer points at an in-world field and presses. A headset browser with
// a system keyboard for immersive sessions (Meta Quest Browser; WebXR's XRSession.isSystemKeyboardSupported) raises
// it for the focused input; a paired keyboard types into it anywhere. The in-world field draws the input's value
// with the kit's canvas text (Arabic joined, right to left), which uikit's own Input (ASCII MSDF glyphs) cannot.

export interface XRTextInputOptions {
  /** The text, owned by the caller (cleared after sending, for example). */
  value: string;
  onChange: (value: string) => void;
  /** Enter pressed: send or search. */
  onEnter?: () => void;
  /** Accessible name of the hidden input (a screen reader or the system keyboard may say it). */
  label: string;
  lang: string;
  /** Shown on the system keyboard's Enter key where supported. */
  enterKeyHint?: 'send' | 'search' | 'done';
  maxLength?: number;
  /** data-testid of the hidden input: tests type into it as the system keyboard would. */
  testId?: string;
}

export interface XRTextInput {
  /** Focuses the hidden input: call from the in-world field's press. */
  focus(): void;
  /** Lets go of it (after sending, or when the panel closes). */
  blur(): void;
  focused: boolean;
}

/** Styles that keep the input focusable (not display:none) yet invisible and out of the way of the canvas. */
const HIDDEN = 'position:fixed;inset-inline-start:0;inset-block-end:0;width:1px;height:1px;opacity:0;pointer-events:none;border:0;padding:0;';

export function useXRTextInput(options: XRTextInputOptions): XRTextInput {
  const { value, label, lang, enterKeyHint = 'done', maxLength, testId } = options;
  const latest = useRef(options);
  latest.current = options;
  const [input, setInput] = useState<HTMLInputElement | null>(null);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    const el = document.createElement('input');
    el.type = 'text';
    el.autocomplete = 'off';
    el.style.cssText = HIDDEN;
    const onInput = () => latest.current.onChange(el.value);
    const onKeyDown = (e: KeyboardEvent) => {
      // The viewer's arrow and letter keys turn the view: they must not while the wearer types.
      e.stopPropagation();
      if (e.key === 'Enter' && !e.isComposing) {
        e.preventDefault();
        latest.current.onEnter?.();
      }
    };
    const onFocus = () => setFocused(true);
    const onBlur = () => setFocused(false);
    el.addEventListener('input', onInput);
    el.addEventListener('keydown', onKeyDown);
    el.addEventListener('focus', onFocus);
    el.addEventListener('blur', onBlur);
    document.body.append(el);
    setInput(el);
    return () => {
      el.removeEventListener('input', onInput);
      el.removeEventListener('keydown', onKeyDown);
      el.removeEventListener('focus', onFocus);
      el.removeEventListener('blur', onBlur);
      el.blur();
      el.remove();
    };
  }, []);

  useEffect(() => {
    if (!input) return;
    input.setAttribute('aria-label', label);
    input.lang = lang;
    input.dir = isRtl(lang) ? 'rtl' : 'auto';
    input.enterKeyHint = enterKeyHint;
    if (maxLength === undefined) input.removeAttribute('maxlength');
    else input.maxLength = maxLength;
    if (testId) input.dataset.testid = testId;
  }, [input, label, lang, enterKeyHint, maxLength, testId]);

  // The caller's value wins (cleared after sending); typing already put the same text there.
  useEffect(() => {
    if (input && input.value !== value) input.value = value;
  }, [input, value]);

  return {
    focus: () => input?.focus({ preventScroll: true }),
    blur: () => input?.blur(),
    focused,
  };
}
