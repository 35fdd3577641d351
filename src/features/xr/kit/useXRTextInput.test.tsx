// @vitest-environment jsdom
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useXRTextInput, type XRTextInput } from './useXRTextInput.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let field: XRTextInput;
let value = '';
const entered: string[] = [];
function Field({ lang }: { lang: string }) {
  const [text, setText] = useState('');
  value = text;
  field = useXRTextInput({ value: text, onChange: setText, onEnter: () => entered.push(text), label: 'Your comment', lang, testId: 'xr-input' });
  return <button type="button" onClick={() => setText('')}>clear</button>;
}

const hidden = () => document.querySelector<HTMLInputElement>('[data-testid="xr-input"]');

describe('useXRTextInput', () => {
  let root: Root;
  const host = document.createElement('div');
  beforeEach(() => {
    document.body.append(host);
    root = createRoot(host);
    entered.length = 0;
  });
  afterEach(() => host.remove());

  it('keeps a hidden input in the page that takes the keyboard, and removes it when the panel goes', () => {
    act(() => root.render(<Field lang="ar" />));
    const input = hidden()!;
    expect(input).not.toBeNull();
    expect(input.getAttribute('aria-label')).toBe('Your comment');
    expect(input.dir).toBe('rtl');
    expect(field.focused).toBe(false);
    act(() => field.focus());
    expect(document.activeElement).toBe(input);
    expect(field.focused).toBe(true);

    act(() => {
      input.value = 'مرحبا';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(value).toBe('مرحبا');
    // Enter sends; the key does not reach the viewer's own keys (which would turn the view).
    let reachedWindow = false;
    const onWindowKey = () => {
      reachedWindow = true;
    };
    window.addEventListener('keydown', onWindowKey);
    act(() => {
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    window.removeEventListener('keydown', onWindowKey);
    expect(entered).toEqual(['مرحبا']);
    expect(reachedWindow).toBe(false);

    // The caller clears the text after sending: the input follows.
    act(() => host.querySelector('button')!.click());
    expect(input.value).toBe('');
    act(() => root.unmount());
    expect(hidden()).toBeNull();
  });
});
