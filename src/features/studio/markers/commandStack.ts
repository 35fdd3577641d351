// The marker editor's undo history: a pure value (no React, no I/O), so every rule is unit-tested. The editor
// applies the command each call returns (to its state and to the server) in order.
import type { MarkerDraft } from '../../../protocol/studioMarkers.ts';

export type MarkerCommand =
  | { kind: 'create'; markerId: string; panoramaId: string; draft: MarkerDraft }
  | { kind: 'delete'; markerId: string; panoramaId: string; draft: MarkerDraft }
  /** A move or an edit: the fields that changed, before and after. */
  | { kind: 'update'; markerId: string; label: 'move' | 'edit'; before: Partial<MarkerDraft>; after: Partial<MarkerDraft> };

export interface CommandStack {
  readonly done: readonly MarkerCommand[];
  readonly undone: readonly MarkerCommand[];
}

/** History depth: enough for a long session, bounded so a forgotten tab does not grow forever. */
export const HISTORY_LIMIT = 200;

export const emptyStack = (): CommandStack => ({ done: [], undone: [] });

/** The command that reverses another. */
export function invert(command: MarkerCommand): MarkerCommand {
  switch (command.kind) {
    case 'create': return { ...command, kind: 'delete' };
    case 'delete': return { ...command, kind: 'create' };
    case 'update': return { ...command, before: command.after, after: command.before };
  }
}

/** Records a command the user just did; anything undone before can no longer be redone. */
export function record(stack: CommandStack, command: MarkerCommand): CommandStack {
  return { done: [...stack.done, command].slice(-HISTORY_LIMIT), undone: [] };
}

export const canUndo = (stack: CommandStack): boolean => stack.done.length > 0;
export const canRedo = (stack: CommandStack): boolean => stack.undone.length > 0;

/** Takes back the last command: answers the new stack and the command to apply (the inverse), or null. */
export function undo(stack: CommandStack): { stack: CommandStack; apply: MarkerCommand } | null {
  const last = stack.done.at(-1);
  if (!last) return null;
  return { stack: { done: stack.done.slice(0, -1), undone: [...stack.undone, last] }, apply: invert(last) };
}

/** Does again the last command undone: answers the new stack and the command to apply, or null. */
export function redo(stack: CommandStack): { stack: CommandStack; apply: MarkerCommand } | null {
  const last = stack.undone.at(-1);
  if (!last) return null;
  return { stack: { done: [...stack.done, last], undone: stack.undone.slice(0, -1) }, apply: last };
}

/** The fields of `after` that differ from `before` (shallow, by JSON value), with their old values. */
export function diff(before: MarkerDraft, after: MarkerDraft): { before: Partial<MarkerDraft>; after: Partial<MarkerDraft> } | null {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after) as Array<keyof MarkerDraft>) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    b[key] = before[key];
    a[key] = after[key];
  }
  return Object.keys(a).length ? { before: b as Partial<MarkerDraft>, after: a as Partial<MarkerDraft> } : null;
}

/** Applies a command to a list of drafts keyed by marker id (what the editor shows). */
export function applyToDrafts(drafts: ReadonlyMap<string, { panoramaId: string; draft: MarkerDraft }>, command: MarkerCommand): Map<string, { panoramaId: string; draft: MarkerDraft }> {
  const next = new Map(drafts);
  if (command.kind === 'create') next.set(command.markerId, { panoramaId: command.panoramaId, draft: command.draft });
  else if (command.kind === 'delete') next.delete(command.markerId);
  else {
    const current = next.get(command.markerId);
    if (current) next.set(command.markerId, { ...current, draft: { ...current.draft, ...command.after } });
  }
  return next;
}
