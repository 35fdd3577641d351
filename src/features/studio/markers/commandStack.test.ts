import { describe, expect, it } from 'vitest';
import { emptyDraft, type MarkerDraft } from '../../../protocol/studioMarkers.ts';
import { applyToDrafts, canRedo, canUndo, diff, emptyStack, HISTORY_LIMIT, record, redo, undo, type MarkerCommand } from './commandStack.ts';

const tag = (extra: Partial<MarkerDraft> = {}): MarkerDraft => ({ ...emptyDraft('tag', { ath: 0, atv: 0 }), name: 'Chair', ...extra });

/** Runs commands against drafts the way the editor does; answers what the owner would see. */
function replay(commands: MarkerCommand[]) {
  let drafts = new Map<string, { panoramaId: string; draft: MarkerDraft }>();
  for (const c of commands) drafts = applyToDrafts(drafts, c);
  return drafts;
}

describe('marker command stack', () => {
  const create: MarkerCommand = { kind: 'create', markerId: 'm1', panoramaId: 'p1', draft: tag() };
  const move: MarkerCommand = { kind: 'update', markerId: 'm1', label: 'move', before: { position: { ath: 0, atv: 0 } }, after: { position: { ath: 20, atv: 5 } } };
  const edit: MarkerCommand = { kind: 'update', markerId: 'm1', label: 'edit', before: { price: '' }, after: { price: '€120' } };

  it('undoes create, move and edit in reverse order, then redoes them', () => {
    let stack = [create, move, edit].reduce(record, emptyStack());
    const applied: MarkerCommand[] = [create, move, edit];
    expect(replay(applied).get('m1')!.draft).toMatchObject({ price: '€120', position: { ath: 20, atv: 5 } });

    for (const expected of [{ price: '', position: { ath: 20, atv: 5 } }, { price: '', position: { ath: 0, atv: 0 } }]) {
      const step = undo(stack)!;
      stack = step.stack;
      applied.push(step.apply);
      expect(replay(applied).get('m1')!.draft).toMatchObject(expected);
    }
    const third = undo(stack)!;
    stack = third.stack;
    applied.push(third.apply);
    expect(third.apply.kind).toBe('delete');
    expect(replay(applied).has('m1')).toBe(false);
    expect(canUndo(stack)).toBe(false);
    expect(undo(stack)).toBeNull();

    for (let i = 0; i < 3; i++) {
      const step = redo(stack)!;
      stack = step.stack;
      applied.push(step.apply);
    }
    expect(replay(applied).get('m1')!.draft).toMatchObject({ price: '€120', position: { ath: 20, atv: 5 } });
    expect(canRedo(stack)).toBe(false);
    expect(redo(stack)).toBeNull();
  });

  it('brings a deleted marker back with everything it had', () => {
    const draft = tag({ price: '€5', photos: ['/media/assets/a.jpg'] });
    const del: MarkerCommand = { kind: 'delete', markerId: 'm1', panoramaId: 'p1', draft };
    const step = undo(record(emptyStack(), del))!;
    expect(step.apply).toEqual({ kind: 'create', markerId: 'm1', panoramaId: 'p1', draft });
  });

  it('forgets what was undone once something new is done', () => {
    let stack = record(record(emptyStack(), create), move);
    stack = undo(stack)!.stack;
    expect(canRedo(stack)).toBe(true);
    stack = record(stack, edit);
    expect(canRedo(stack)).toBe(false);
    expect(stack.done).toEqual([create, edit]);
  });

  it('keeps a bounded history', () => {
    let stack = emptyStack();
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) stack = record(stack, { ...move, markerId: `m${i}` });
    expect(stack.done).toHaveLength(HISTORY_LIMIT);
    expect(stack.done[0]!.markerId).toBe('m5');
  });

  it('records only the fields an edit changed', () => {
    expect(diff(tag(), tag({ price: '€1', nameMulti: { fr: 'Chaise' } }))).toEqual({
      before: { price: '', nameMulti: {} }, after: { price: '€1', nameMulti: { fr: 'Chaise' } },
    });
    expect(diff(tag(), tag())).toBeNull();
  });
});
