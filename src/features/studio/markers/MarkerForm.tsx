import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { POINT_ICON_TYPES, POPUP_ICON_TYPES } from '../../../protocol/constants.ts';
import { messageCode, validateDraft, type FieldIssue, type MarkerDraft, type TeleportTarget } from '../../../protocol/studioMarkers.ts';
import { AssetField, EntriesField, Field, MultiTextField, PhotoList, TextField, type Upload } from './fields.tsx';
import { KIND_FIELDS, labelKey } from './kindFields.ts';

interface Props {
  buildingId: string;
  draft: MarkerDraft;
  isNew: boolean;
  targets: readonly TeleportTarget[];
  upload: Upload;
  onSave: (draft: MarkerDraft) => Promise<FieldIssue[]> | void;
  onDelete: () => void;
  onClose: () => void;
}

/** The side form: every field of the marker's kind, checked by the kind's schema before saving. */
export function MarkerForm({ buildingId, draft: initial, isNew, targets, upload, onSave, onDelete, onClose }: Props) {
  const { t } = useTranslation('studioMarkers');
  const [draft, setDraft] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverIssues, setServerIssues] = useState<FieldIssue[]>([]);
  // A move (drag, arrow keys, undo) changes the stored marker: keep the form's position in step with it.
  useEffect(() => {
    setDraft((d) => ({ ...d, position: initial.position }));
  }, [initial.position]);

  const issues = submitted ? [...validateDraft(draft), ...serverIssues] : serverIssues;
  const say = (message: string | undefined) => (message === undefined ? undefined : t(labelKey('error', messageCode(message))));
  const errorAt = (field: string) => say(issues.find((i) => i.field === field)?.message);
  const set = (patch: Partial<MarkerDraft>) => {
    setServerIssues([]);
    setDraft((d) => ({ ...d, ...patch }));
  };
  const groups = KIND_FIELDS[draft.type];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (validateDraft(draft).length) return;
    setServerIssues((await onSave(draft)) ?? []);
  };

  const targetTour = draft.nextBuildingId ?? buildingId;
  const tourPanoramas = targets.find((x) => x.objectId === targetTour)?.panoramas ?? [];

  return (
    <form className="studio-marker-form" onSubmit={submit} noValidate data-testid="studio-marker-form" data-kind={draft.type} aria-label={t(labelKey('kind', draft.type))}>
      <header>
        <h3>{isNew ? t('form.new-title', { kind: t(labelKey('kind', draft.type)) }) : t(labelKey('kind', draft.type))}</h3>
        <button type="button" className="studio-link-button" onClick={onClose} aria-label={t('form.close')}>×</button>
      </header>

      {groups.includes('target') && (
        <fieldset className="studio-target">
          <legend>{t('form.target')}</legend>
          <Field label={t('form.target-tour')}>
            {(p) => (
              <select {...p} value={targetTour} data-testid="studio-marker-target-tour"
                onChange={(e) => set({ nextBuildingId: e.target.value === buildingId ? null : e.target.value, nextPanoramaId: null })}>
                {targets.map((x) => <option key={x.objectId} value={x.objectId}>{x.objectId === buildingId ? t('form.this-tour', { name: x.name }) : x.name}</option>)}
              </select>
            )}
          </Field>
          <Field label={t('form.target-panorama')} error={errorAt('nextPanoramaId')}>
            {(p) => (
              <select {...p} value={draft.nextPanoramaId ?? ''} data-testid="studio-marker-target" onChange={(e) => set({ nextPanoramaId: e.target.value || null })}>
                <option value="">{t('form.choose-panorama')}</option>
                {tourPanoramas.map((x) => <option key={x.objectId} value={x.objectId}>{`${x.index + 1}. ${x.name}`}</option>)}
              </select>
            )}
          </Field>
        </fieldset>
      )}
      {groups.includes('arrow') && (
        <Field label={t('form.arrow')} error={errorAt('iconType')}>
          {(p) => (
            <select {...p} value={draft.iconType ?? ''} onChange={(e) => set({ iconType: e.target.value })}>
              {POINT_ICON_TYPES.map((a) => <option key={a} value={a}>{t(labelKey('arrow', a))}</option>)}
            </select>
          )}
        </Field>
      )}

      <TextField label={t('form.name')} value={draft.name} error={errorAt('name')} onChange={(name) => set({ name })} testId="studio-marker-name" />
      <MultiTextField label={t('form.name-multi')} value={draft.nameMulti} onChange={(nameMulti) => set({ nameMulti })} errors={(l) => errorAt(`nameMulti.${l}`)} />
      <TextField label={t('form.description')} multiline value={draft.description} error={errorAt('description')} onChange={(description) => set({ description })} />
      <MultiTextField label={t('form.description-multi')} multiline value={draft.descriptionMulti} onChange={(descriptionMulti) => set({ descriptionMulti })} errors={(l) => errorAt(`descriptionMulti.${l}`)} />

      {groups.includes('photos') && <PhotoList photos={draft.photos} upload={upload} error={errorAt('photos') ?? say(issues.find((i) => i.field.startsWith('photos.'))?.message)} onChange={(photos) => set({ photos })} />}
      {groups.includes('price') && (
        <>
          <TextField label={t('form.price')} value={draft.price} error={errorAt('price')} onChange={(price) => set({ price })} testId="studio-marker-price" />
          <MultiTextField label={t('form.price-multi')} value={draft.priceMulti} onChange={(priceMulti) => set({ priceMulti })} errors={(l) => errorAt(`priceMulti.${l}`)} />
        </>
      )}
      {groups.includes('action') && (
        <>
          <TextField label={t('form.action')} value={draft.action} error={errorAt('action')} onChange={(action) => set({ action })} />
          <MultiTextField label={t('form.action-multi')} value={draft.actionMulti} onChange={(actionMulti) => set({ actionMulti })} errors={(l) => errorAt(`actionMulti.${l}`)} />
          <TextField label={t('form.action-link')} value={draft.link ?? ''} error={errorAt('link')} placeholder="https://" onChange={(v) => set({ link: v.trim() === '' ? null : v })} />
          <MultiTextField label={t('form.action-link-multi')} value={draft.actionLinkMulti} onChange={(actionLinkMulti) => set({ actionLinkMulti })} errors={(l) => errorAt(`actionLinkMulti.${l}`)} />
        </>
      )}
      {groups.includes('ordering') && (
        <fieldset className="studio-ordering">
          <legend>{t('form.ordering')}</legend>
          <p className="smk-note">{t('form.ordering-hint')}</p>
          <TextField label={t('form.ordering-product')} value={draft.orderingProductId ?? ''} error={errorAt('orderingProductId')} testId="studio-marker-ordering-product"
            onChange={(v) => set({ orderingProductId: v.trim() === '' ? null : v })} />
          <TextField label={t('form.ordering-collection')} value={draft.orderingCollectionId ?? ''} error={errorAt('orderingCollectionId')} testId="studio-marker-ordering-collection"
            onChange={(v) => set({ orderingCollectionId: v.trim() === '' ? null : v })} />
        </fieldset>
      )}
      {groups.includes('popup') && (
        <>
          <Field label={t('form.popup-icon')} error={errorAt('iconType')}>
            {(p) => (
              <select {...p} value={draft.iconType ?? 'web'} onChange={(e) => set({ iconType: e.target.value })}>
                {POPUP_ICON_TYPES.map((a) => <option key={a} value={a}>{t(labelKey('popup', a))}</option>)}
              </select>
            )}
          </Field>
          <TextField label={t('form.link')} value={draft.link ?? ''} error={errorAt('link')} placeholder="https://" onChange={(v) => set({ link: v })} />
        </>
      )}
      {groups.includes('video') && <TextField label={t('form.video')} value={draft.link ?? ''} error={errorAt('link')} placeholder="https://…/stream.m3u8, YouTube, Vimeo" onChange={(v) => set({ link: v })} />}
      {groups.includes('pdf') && <AssetField label={t('form.pdf')} kind="pdf" accept="application/pdf" value={draft.link ?? ''} upload={upload} error={errorAt('link')} onChange={(v) => set({ link: v })} />}
      {groups.includes('audio') && <AssetField label={t('form.audio')} kind="audio" accept="audio/*" value={draft.link ?? ''} upload={upload} error={errorAt('link')} onChange={(v) => set({ link: v })} />}
      {groups.includes('entries') && <EntriesField entries={draft.multitagInfo} upload={upload} errorAt={errorAt} onChange={(multitagInfo) => set({ multitagInfo })} />}
      {groups.includes('ar') && (
        <>
          <TextField label={t('form.ar-target')} value={draft.arTarget ?? ''} error={errorAt('arTarget')} placeholder="https://" onChange={(v) => set({ arTarget: v.trim() === '' ? null : v })} />
          <Field label={t('form.ar-width')} error={errorAt('arWidthPercent')}>
            {(p) => <input {...p} type="number" min={1} max={100} value={draft.arWidthPercent ?? ''} onChange={(e) => set({ arWidthPercent: e.target.value === '' ? null : Number(e.target.value) })} />}
          </Field>
        </>
      )}

      <fieldset className="studio-appearance">
        <legend>{t('form.appearance')}</legend>
        <Field label={t('form.opacity')} error={errorAt('opacity')}>
          {(p) => <input {...p} type="number" min={0} max={1} step={0.05} value={draft.opacity} onChange={(e) => set({ opacity: e.target.value === '' ? Number.NaN : Number(e.target.value) })} />}
        </Field>
        <label className="smk-check"><input type="checkbox" checked={draft.disableResizing} onChange={(e) => set({ disableResizing: e.target.checked })} />{t('form.disable-resizing')}</label>
        <label className="smk-check"><input type="checkbox" checked={draft.useCustomIcon} onChange={(e) => set({ useCustomIcon: e.target.checked })} />{t('form.custom-icon')}</label>
        {draft.useCustomIcon && <AssetField label={t('form.icon')} kind="icon" accept="image/png,image/webp,image/jpeg" value={draft.iconUrl ?? ''} upload={upload} error={errorAt('iconUrl')} onChange={(v) => set({ iconUrl: v.trim() === '' ? null : v })} />}
        <p className="studio-position" data-testid="studio-marker-position">{t('form.position', { ath: draft.position.ath.toFixed(1), atv: draft.position.atv.toFixed(1) })}</p>
      </fieldset>

      {issues.length > 0 && <p className="studio-form-summary" role="alert">{t('form.fix-errors')}</p>}
      <footer>
        <button type="submit" className="studio-button studio-primary" data-testid="studio-marker-save">{isNew ? t('form.create') : t('form.save')}</button>
        <button type="button" onClick={onDelete} data-testid="studio-marker-delete">{isNew ? t('form.discard') : t('form.delete')}</button>
      </footer>
    </form>
  );
}
