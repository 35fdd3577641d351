import { useCallback, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudioPanorama, StudioTour, UpdatePanoramaBody } from '../../../protocol/studio.ts';
import { deletePanorama, reorderPanoramas, updatePanorama } from '../api/studioApi.ts';
import { mergePanorama, moveItem } from '../model/studioModel.ts';
import { ConfirmDialog } from '../parts/ConfirmDialog.tsx';
import { useFailureMessage } from '../useFailureMessage.ts';
import { FloorPlanPlacer } from './FloorPlanPlacer.tsx';
import { InitialViewPicker } from './InitialViewPicker.tsx';
import { PanoramaRow, UploadRow } from './PanoramaRow.tsx';
import { useTourEvents } from './useTourEvents.ts';
import { useUploads } from './useUploads.ts';

interface Props {
  tour: StudioTour;
  updateTour: (change: (tour: StudioTour) => StudioTour) => void;
}

/** Upload (drop or pick many files), watch them tile, then order, name, categorise, aim and place them. */
export function PanoramasTab({ tour, updateTour }: Props) {
  const { t } = useTranslation('studio');
  const failure = useFailureMessage();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [aiming, setAiming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<StudioPanorama | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const buildingId = tour.objectId;

  const merge = useCallback((p: StudioPanorama) => updateTour((current) => ({ ...current, panoramas: mergePanorama(current.panoramas, p) })), [updateTour]);
  // The upload's answer may arrive after the stream already told more (progress, even ready): never go back.
  const accepted = useCallback((p: StudioPanorama) => updateTour((current) => (current.panoramas.some((x) => x.objectId === p.objectId) ? current : { ...current, panoramas: mergePanorama(current.panoramas, p) })), [updateTour]);
  const uploads = useUploads(buildingId, accepted);
  const tiling = tour.panoramas.some((p) => p.status === 'tiling');
  useTourEvents(buildingId, tiling, merge, (fresh) => updateTour(() => fresh));

  const ready = tour.panoramas.filter((p) => p.status === 'ready');
  const others = tour.panoramas.filter((p) => p.status !== 'ready');

  const run = async (call: () => Promise<StudioTour>) => {
    setError(null);
    try {
      const fresh = await call();
      updateTour(() => fresh);
    } catch (e) {
      setError(failure(e));
    }
  };
  const save = (id: string, body: UpdatePanoramaBody) => run(() => updatePanorama(buildingId, id, body));
  const move = (from: number, to: number) => {
    if (to < 0 || to >= ready.length || from === to) return;
    const order = moveItem(ready, from, to);
    // Shown at once; the server's answer confirms (or the error puts the old order back).
    updateTour((current) => ({ ...current, panoramas: [...order.map((p, index) => ({ ...p, index })), ...others] }));
    void run(() => reorderPanoramas(buildingId, order.map((p) => p.objectId))).then(() => undefined);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const files = [...e.dataTransfer.files];
    if (files.length) uploads.add(files);
  };

  const aimed = ready.find((p) => p.objectId === aiming) ?? null;
  return (
    <div className="studio-stack">
      <div
        className={`studio-dropzone${over ? ' studio-dropzone-over' : ''}`} data-testid="studio-dropzone"
        onDragOver={(e) => { if (e.dataTransfer.types.includes('Files')) { e.preventDefault(); setOver(true); } }}
        onDragLeave={() => setOver(false)} onDrop={onDrop}
      >
        <p>{t('panoramas.drop')}</p>
        <button type="button" className="studio-button studio-primary" onClick={() => input.current?.click()}>{t('panoramas.choose')}</button>
        <p className="studio-muted">{t('panoramas.requirements')}</p>
        <input
          ref={input} type="file" multiple accept="image/jpeg,image/png,image/webp,image/tiff" className="studio-visually-hidden" tabIndex={-1}
          data-testid="studio-upload-input" aria-label={t('panoramas.choose')}
          onChange={(e) => { const files = [...(e.target.files ?? [])]; e.target.value = ''; if (files.length) uploads.add(files); }}
        />
      </div>
      {error ? <p className="studio-error" role="alert">{error}</p> : null}
      {ready.length === 0 && others.length === 0 && uploads.items.length === 0 ? <p className="studio-muted">{t('panoramas.empty')}</p> : null}
      <ol className="studio-panorama-list" aria-label={t('panoramas.list')}>
        {ready.map((p, i) => (
          <PanoramaRow
            key={p.objectId} panorama={p} position={i} count={ready.length} dragging={dragged === i}
            onRename={(name) => save(p.objectId, { name })} onCategory={(category, customCategory) => save(p.objectId, { category, customCategory })}
            onMove={(to) => move(i, to)} onAim={() => setAiming(p.objectId)} onDelete={() => setDeleting(p)}
            dragHandlers={{
              draggable: true,
              onDragStart: (e) => { e.dataTransfer.effectAllowed = 'move'; e.dataTransfer.setData('text/plain', p.objectId); setDragged(i); },
              onDragOver: (e) => { if (dragged !== null) e.preventDefault(); },
              onDrop: (e) => { if (dragged === null) return; e.preventDefault(); e.stopPropagation(); move(dragged, i); setDragged(null); },
              onDragEnd: () => setDragged(null),
            }}
          />
        ))}
        {others.map((p) => <PanoramaRow key={p.objectId} panorama={p} position={-1} count={0} onDelete={() => void run(() => deletePanorama(buildingId, p.objectId))} />)}
        {uploads.items.map((u) => <UploadRow key={u.key} item={u} onDismiss={() => uploads.dismiss(u.key)} />)}
      </ol>
      {aimed ? <InitialViewPicker panorama={aimed} onCancel={() => setAiming(null)} onSave={(view) => { setAiming(null); void save(aimed.objectId, { initialView: view }); }} /> : null}
      <FloorPlanPlacer tour={tour} panoramas={ready} onPlace={(id, position) => save(id, { position })} />
      {deleting ? (
        <ConfirmDialog
          title={t('panoramas.delete-title', { name: deleting.name })} text={t('panoramas.delete-text')} confirmLabel={t('panoramas.delete-confirm')}
          onCancel={() => setDeleting(null)} onConfirm={() => { const id = deleting.objectId; setDeleting(null); void run(() => deletePanorama(buildingId, id)); }}
        />
      ) : null}
    </div>
  );
}
