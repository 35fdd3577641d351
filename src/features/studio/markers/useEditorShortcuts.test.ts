import { describe, expect, it } from 'vitest';
import { shortcutFor } from './useEditorShortcuts.ts';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) =>
  shortcutFor({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

describe('marker editor shortcuts', () => {
  it('undoes with Ctrl/Cmd+Z and redoes with Ctrl/Cmd+Shift+Z or Ctrl+Y', () => {
    expect(key('z', { ctrlKey: true })).toBe('undo');
    expect(key('z', { metaKey: true })).toBe('undo');
    expect(key('Z', { ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(key('z', { metaKey: true, shiftKey: true })).toBe('redo');
    expect(key('y', { ctrlKey: true })).toBe('redo');
    expect(key('z')).toBeNull();
  });

  it('deletes, deselects and nudges by half a degree (up is a smaller atv)', () => {
    expect(key('Delete')).toBe('delete');
    expect(key('Backspace')).toBe('delete');
    expect(key('Escape')).toBe('deselect');
    expect(key('ArrowRight')).toEqual([0.5, 0]);
    expect(key('ArrowLeft')).toEqual([-0.5, 0]);
    expect(key('ArrowUp')).toEqual([0, -0.5]);
    expect(key('ArrowDown')).toEqual([0, 0.5]);
    expect(key('ArrowDown', { ctrlKey: true })).toBeNull();
  });
});
