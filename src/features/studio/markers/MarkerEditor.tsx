import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emptyDraft, type MarkerKind } from '../../../protocol/studioMarkers.ts';
import type { StudioTour } from '../../../protocol/studio.ts';
import { labelKey, TOOLBAR_KINDS } from './kindFields.ts';
import { MarkerForm } from './MarkerForm.tsx';
import { MarkerGlyph } from './MarkerGlyph.tsx';
import { nudge } from './markerProjection.ts';
import { MarkerViewport, type ViewportMarker } from './MarkerViewport.tsx';
import { uploadMarkerAsset } from './markersApi.ts';
import { previewMarker } from './previewMarker.ts';
import { StartViewButton } from './StartViewButton.tsx';
import { useEditorShortcuts } from './useEditorShortcuts.ts';
import { PENDING_ID, useMarkerEditor } from './useMarkerEditor.ts';
import './markerEditor.css';

export interface MarkerEditorProps {
  buildingId: string;
  tour: StudioTour;
}

/**
 * Marker authoring: the real viewer scene of one panorama, a toolbar of marker kinds, handles
 * to select and drag markers, and a side form with every field of the selected marker's kind. Each step is saved
 * at once and can be undone (Ctrl/Cmd+Z) and redone (Ctrl/Cmd+Shift+Z, Ctrl+Y).
 */
export function MarkerEditor({ buildingId, tour }: MarkerEditorProps) {
  const { t } = useTranslation('studioMarkers');
  const editor = useMarkerEditor(buildingId);
  const [panoramaId, setPanoramaId] = useState<string | null>(null);
  const [armed, setArmed] = useState<MarkerKind | null>(null);
  const { data, drafts, pending, selectedId } = editor;

  // Panoramas still tiling have nothing to show yet: the editor offers the ones the scene can draw.
  const panoramas = useMemo(() => (data?.panoramas ?? []).filter((p) => p.cubemapUrl || p.previewUrl), [data]);
  const index = Math.max(0, panoramas.findIndex((p) => p.objectId === panoramaId));
  const current = panoramas[index];

  const markerName = useCallback((id: string, d: { type: string; name: string }) => (d.name ? `${t(labelKey('kind', d.type))}: ${d.name}` : `${t(labelKey('kind', d.type))} ${id === PENDING_ID ? t('form.unsaved') : ''}`.trim()), [t]);

  // The scene draws the edited markers exactly as visitors will see them.
  const scenePanoramas = useMemo(() => panoramas.map((p) => ({
    ...p,
    markers: [...drafts].filter(([, v]) => v.panoramaId === p.objectId).map(([id, v]) => previewMarker(id, p.objectId, buildingId, v.draft)),
  })), [panoramas, drafts, buildingId]);

  const handles: ViewportMarker[] = useMemo(() => {
    if (!current) return [];
    const list = [...drafts].filter(([, v]) => v.panoramaId === current.objectId).map(([id, v]) => ({ id, draft: v.draft, label: markerName(id, v.draft) }));
    if (pending && pending.panoramaId === current.objectId) list.push({ id: PENDING_ID, draft: pending.draft, label: markerName(PENDING_ID, pending.draft) });
    return list;
  }, [drafts, pending, current, markerName]);

  const selected = selectedId === PENDING_ID ? pending : selectedId ? drafts.get(selectedId) ?? null : null;
  const upload = useCallback(async (kind: Parameters<typeof uploadMarkerAsset>[1], file: File) => (await uploadMarkerAsset(buildingId, kind, file)).url, [buildingId]);

  const select = (id: string | null) => {
    if (id !== PENDING_ID && pending) editor.remove(PENDING_ID);
    editor.select(id);
  };

  useEditorShortcuts({
    undo: editor.undo,
    redo: editor.redo,
    hasSelection: () => editor.latest.current.selectedId !== null,
    removeSelected: () => {
      const id = editor.latest.current.selectedId;
      if (id) editor.remove(id);
    },
    deselect: () => {
      setArmed(null);
      select(null);
    },
    nudge: (dAth, dAtv) => {
      const { selectedId: id, drafts: all, pending: placing } = editor.latest.current;
      const d = id === PENDING_ID ? placing?.draft : id ? all.get(id)?.draft : undefined;
      if (id && d) editor.move(id, nudge(d.position, dAth, dAtv));
    },
  });

  if (editor.loadError) return <p className="studio-markers-error" role="alert">{t('editor.load-failed', { message: editor.loadError })}</p>;
  if (!data) return <p className="studio-markers-loading" role="status">{t('editor.loading')}</p>;

  return (
    <section className="studio-markers" data-testid="studio-marker-editor" aria-label={t('editor.title', { name: tour.name })}>
      <div className="studio-markers-toolbar" role="toolbar" aria-label={t('editor.toolbar')}>
        <label className="studio-markers-panorama">
          {t('editor.panorama')}
          <select value={current?.objectId ?? ''} data-testid="studio-marker-panorama" onChange={(e) => {
            select(null);
            setPanoramaId(e.target.value);
          }}>
            {panoramas.map((p) => <option key={p.objectId} value={p.objectId}>{`${p.index + 1}. ${p.name}`}</option>)}
          </select>
        </label>
        <div className="studio-markers-kinds" role="group" aria-label={t('editor.add')}>
          {TOOLBAR_KINDS.map((kind) => (
            <button key={kind} type="button" aria-pressed={armed === kind} data-testid={`studio-add-${kind}`} disabled={!current}
              onClick={() => setArmed((a) => (a === kind ? null : kind))}>
              <MarkerGlyph type={kind} size={20} />
              {t(labelKey('kind', kind))}
            </button>
          ))}
        </div>
        {current && <StartViewButton buildingId={buildingId} panoramaId={current.objectId} />}
        <div className="studio-markers-history">
          <button type="button" onClick={editor.undo} disabled={!editor.history.canUndo} data-testid="studio-undo" title="Ctrl+Z">{t('editor.undo')}</button>
          <button type="button" onClick={editor.redo} disabled={!editor.history.canRedo} data-testid="studio-redo" title="Ctrl+Shift+Z">{t('editor.redo')}</button>
          <span className="studio-markers-status" role="status" data-testid="studio-marker-status" data-saving={editor.saving}>
            {editor.saving ? t('editor.saving') : t('editor.saved')}
          </span>
        </div>
      </div>
      {editor.saveError && <p className="studio-markers-error" role="alert">{t('editor.save-failed', { message: editor.saveError })}</p>}
      {panoramas.length === 0 && <p className="studio-markers-empty">{t('editor.no-ready-panorama')}</p>}
      <div className="studio-markers-body">
        <MarkerViewport
          panoramas={scenePanoramas}
          index={index}
          markers={handles}
          selectedId={selectedId}
          placing={armed !== null}
          onPlace={(position) => {
            if (!armed || !current) return;
            const draft = emptyDraft(armed, position);
            // A teleport usually leads to the next room: start with the next panorama chosen.
            if (armed === 'teleport' || armed === 'point') draft.nextPanoramaId = panoramas.find((p) => p.objectId !== current.objectId)?.objectId ?? null;
            editor.place(current.objectId, draft);
            setArmed(null);
          }}
          onSelect={select}
          onMove={editor.move}
        />
        <aside className="studio-markers-side">
          {selected && selectedId ? (
            <MarkerForm
              // Undo and redo rewrite the stored marker: the form starts again from it (moves keep the form's edits).
              key={`${selectedId}:${JSON.stringify({ ...selected.draft, position: null })}`}
              buildingId={buildingId}
              draft={selected.draft}
              isNew={selectedId === PENDING_ID}
              targets={data.targets}
              upload={upload}
              onSave={(draft) => (selectedId === PENDING_ID ? editor.savePending(draft) : editor.saveEdit(selectedId, draft))}
              onDelete={() => editor.remove(selectedId)}
              onClose={() => select(null)}
            />
          ) : (
            <div className="studio-markers-help">
              <p>{t('editor.help-place')}</p>
              <p>{t('editor.help-keys')}</p>
              <ul className="studio-markers-list" aria-label={t('editor.markers-here')}>
                {handles.map((h) => (
                  <li key={h.id}><button type="button" className="studio-link-button" onClick={() => select(h.id)}>{h.label}</button></li>
                ))}
              </ul>
            </div>
          )}
        </aside>
      </div>
    </section>
  );
}
export default MarkerEditor;
