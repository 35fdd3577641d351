import { useEffect, useRef } from 'react';
import { NUDGE_DEGREES } from '../../../protocol/studioMarkers.ts';

export interface ShortcutActions {
  undo: () => void;
  redo: () => void;
  removeSelected: () => void;
  deselect: () => void;
  /** Degrees right (ath) and down (atv). */
  nudge: (dAth: number, dAtv: number) => void;
  hasSelection: () => boolean;
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-NUDGE_DEGREES, 0], ArrowRight: [NUDGE_DEGREES, 0], ArrowUp: [0, -NUDGE_DEGREES], ArrowDown: [0, NUDGE_DEGREES],
};

function isEditable(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/** What a key press means in the marker editor, or null (pure: unit-tested). */
export function shortcutFor(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): 'undo' | 'redo' | 'delete' | 'deselect' | [number, number] | null {
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (mod && key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (mod && key === 'y') return 'redo';
  if (mod || e.altKey) return null;
  if (key === 'Delete' || key === 'Backspace') return 'delete';
  if (key === 'Escape') return 'deselect';
  return ARROWS[key] ?? null;
}

/**
 * The editor's keys, listened on document: document's bubble listeners run before the scene's window listeners,
 * so an arrow that nudges a marker is marked handled (preventDefault) and does not also turn the view.
 */
export function useEditorShortcuts(actions: ShortcutActions): void {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const action = shortcutFor(e);
      if (!action) return;
      // Text fields keep their own undo, deletion and arrows; Escape still leaves the marker.
      if (isEditable(e.target) && action !== 'deselect') return;
      const a = latest.current;
      if (action === 'undo') a.undo();
      else if (action === 'redo') a.redo();
      else if (action === 'delete') {
        if (!a.hasSelection()) return;
        a.removeSelected();
      } else if (action === 'deselect') a.deselect();
      else {
        if (!a.hasSelection()) return;
        a.nudge(action[0], action[1]);
      }
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
