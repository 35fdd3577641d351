// The marker editor's state: the markers of the tour as drafts, the selection, the marker being placed, and the
// undo history. Every step is saved to the server in order (one queue), so visitors see it on their next load.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { HttpError } from '../../../api/httpClient.ts';
import { draftFromMarker, type FieldIssue, type MarkerDraft, type MarkerPosition, type StudioMarkersResponse } from '../../../protocol/studioMarkers.ts';
import { applyToDrafts, canRedo, canUndo, diff, emptyStack, record, redo, undo, type CommandStack, type MarkerCommand } from './commandStack.ts';
import { createMarker, deleteMarker, loadTourMarkers, updateMarker } from './markersApi.ts';

export type DraftMap = Map<string, { panoramaId: string; draft: MarkerDraft }>;
/** The id the marker being placed (not saved yet) goes by in the editor. */
export const PENDING_ID = '__new__';

function draftsOf(data: StudioMarkersResponse): DraftMap {
  const map: DraftMap = new Map();
  for (const p of data.panoramas) for (const m of p.markers) map.set(m.objectId, { panoramaId: p.objectId, draft: draftFromMarker(m) });
  return map;
}

/** A server refusal as field errors of the form ('body.marker.name' -> 'name'). */
export function serverIssues(error: unknown): FieldIssue[] {
  if (!(error instanceof HttpError) || !error.body?.field) return [];
  const field = error.body.field.replace(/^body\./, '').replace(/^marker\./, '');
  const message = (error.body.message ?? '').replace(/^[\w.]+: /, '');
  return [{ field, message }];
}

export function useMarkerEditor(buildingId: string) {
  const [data, setData] = useState<StudioMarkersResponse | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<DraftMap>(new Map());
  const [stack, setStack] = useState<CommandStack>(emptyStack());
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [pending, setPending] = useState<{ panoramaId: string; draft: MarkerDraft } | null>(null);
  const [saving, setSaving] = useState(0);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  // Keyboard shortcuts read the latest values without re-subscribing on every change.
  const latest = useRef({ stack, drafts, selectedId, pending });
  latest.current = { stack, drafts, selectedId, pending };

  const reload = useCallback(async () => {
    try {
      const answer = await loadTourMarkers(buildingId);
      setData(answer);
      setDrafts(draftsOf(answer));
      setLoadError(null);
    } catch (error) {
      setLoadError(error instanceof Error ? error.message : String(error));
    }
  }, [buildingId]);
  useEffect(() => {
    void reload();
  }, [reload]);

  /** Saves one step after the ones before it. A refused step resynchronises with the server and clears history. */
  const persist = useCallback((command: MarkerCommand) => {
    setSaving((n) => n + 1);
    queue.current = queue.current.then(async () => {
      try {
        if (command.kind === 'create') await createMarker(command.panoramaId, command.draft, command.markerId);
        else if (command.kind === 'delete') await deleteMarker(command.markerId);
        else await updateMarker(command.markerId, command.after);
        setSaveError(null);
      } catch (error) {
        setSaveError(error instanceof Error ? error.message : String(error));
        setStack(emptyStack());
        await reload();
      } finally {
        setSaving((n) => n - 1);
      }
    });
  }, [reload]);

  const run = useCallback((command: MarkerCommand, remember: boolean) => {
    setDrafts((d) => applyToDrafts(d, command));
    if (remember) setStack((s) => record(s, command));
    persist(command);
  }, [persist]);

  /** Saves the marker being placed; answers the server's field errors, if any. */
  const savePending = useCallback(async (draft: MarkerDraft): Promise<FieldIssue[]> => {
    const placing = latest.current.pending;
    if (!placing) return [];
    try {
      const created = await createMarker(placing.panoramaId, draft);
      const command: MarkerCommand = { kind: 'create', markerId: created.objectId, panoramaId: placing.panoramaId, draft };
      setDrafts((d) => applyToDrafts(d, command));
      setStack((s) => record(s, command));
      setPending(null);
      setSelectedId(created.objectId);
      setSaveError(null);
      return [];
    } catch (error) {
      const issues = serverIssues(error);
      if (!issues.length) setSaveError(error instanceof Error ? error.message : String(error));
      return issues;
    }
  }, []);

  const saveEdit = useCallback((markerId: string, draft: MarkerDraft) => {
    const current = latest.current.drafts.get(markerId);
    const change = current && diff(current.draft, draft);
    if (!change) return;
    run({ kind: 'update', markerId, label: 'edit', ...change }, true);
  }, [run]);

  const move = useCallback((markerId: string, position: MarkerPosition) => {
    if (markerId === PENDING_ID) {
      setPending((p) => (p ? { ...p, draft: { ...p.draft, position } } : p));
      return;
    }
    const current = latest.current.drafts.get(markerId);
    if (!current || (current.draft.position.ath === position.ath && current.draft.position.atv === position.atv)) return;
    run({ kind: 'update', markerId, label: 'move', before: { position: current.draft.position }, after: { position } }, true);
  }, [run]);

  const remove = useCallback((markerId: string) => {
    if (markerId === PENDING_ID) {
      setPending(null);
      setSelectedId(null);
      return;
    }
    const current = latest.current.drafts.get(markerId);
    if (!current) return;
    run({ kind: 'delete', markerId, panoramaId: current.panoramaId, draft: current.draft }, true);
    setSelectedId(null);
  }, [run]);

  const step = useCallback((which: 'undo' | 'redo') => {
    const result = which === 'undo' ? undo(latest.current.stack) : redo(latest.current.stack);
    if (!result) return;
    setStack(result.stack);
    run(result.apply, false);
    const touched = result.apply.markerId;
    setSelectedId(result.apply.kind === 'delete' ? null : touched);
  }, [run]);

  const place = useCallback((panoramaId: string, draft: MarkerDraft) => {
    setPending({ panoramaId, draft });
    setSelectedId(PENDING_ID);
  }, []);

  const history = useMemo(() => ({ canUndo: canUndo(stack), canRedo: canRedo(stack) }), [stack]);

  return {
    data, loadError, saveError, saving: saving > 0, drafts, pending, selectedId, history, latest,
    select: setSelectedId, place, savePending, saveEdit, move, remove,
    undo: () => step('undo'), redo: () => step('redo'),
  };
}
export type MarkerEditorState = ReturnType<typeof useMarkerEditor>;
