import { useEffect, useState, type DragEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import { ROOM_CATEGORIES } from '../../../protocol/constants.ts';
import { STUDIO_LIMITS, type StudioPanorama } from '../../../protocol/studio.ts';
import type { UploadItem } from './useUploads.ts';

type Category = (typeof ROOM_CATEGORIES)[number];
const KNOWN_PROBLEMS = ['NOT_AN_IMAGE', 'CORRUPT_IMAGE', 'UNSUPPORTED_FORMAT', 'TOO_LARGE', 'TOO_SMALL', 'WRONG_RATIO', 'QUOTA_EXCEEDED', 'network'];
/** Refusals whose server sentence adds figures (sizes, limits) to the translated one. */
const DETAILED_PROBLEMS = ['TOO_LARGE', 'TOO_SMALL', 'WRONG_RATIO', 'QUOTA_EXCEEDED'];

interface Props {
  panorama: StudioPanorama;
  /** Place among the ready panoramas (-1 while tiling or failed). */
  position: number;
  count: number;
  dragging?: boolean;
  onRename?: (name: string) => void;
  onCategory?: (category: Category, customCategory: string | null) => void;
  onMove?: (to: number) => void;
  onAim?: () => void;
  onDelete: () => void;
  dragHandlers?: { draggable: true; onDragStart: DragEventHandler; onDragOver: DragEventHandler; onDrop: DragEventHandler; onDragEnd: DragEventHandler };
}

function Progress({ value, label }: { value: number; label: string }) {
  return (
    <div className="studio-progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(value * 100)}>
      <div className="studio-progress-fill" style={{ width: `${Math.round(value * 100)}%` }} />
    </div>
  );
}

/** One panorama: ready ones are edited in place; tiling ones show progress; failed ones say why. */
export function PanoramaRow({ panorama: p, position, count, dragging, onRename, onCategory, onMove, onAim, onDelete, dragHandlers }: Props) {
  const { t } = useTranslation('studio');
  const [name, setName] = useState(p.name);
  const [custom, setCustom] = useState(p.customCategory ?? '');
  useEffect(() => {
    setName(p.name);
  }, [p.name]);
  useEffect(() => {
    setCustom(p.customCategory ?? '');
  }, [p.customCategory]);
  const commitName = () => {
    const next = name.trim();
    if (!next) setName(p.name);
    else if (next !== p.name) onRename?.(next);
  };

  if (p.status !== 'ready') {
    return (
      <li className="studio-card studio-panorama-row" data-testid="studio-panorama-row" data-status={p.status} data-name={p.name}>
        <div className="studio-thumb-empty" aria-hidden="true" />
        <div className="studio-stack studio-grow">
          <strong>{p.fileName ?? p.name}</strong>
          {p.status === 'tiling' ? (
            <>
              <span className="studio-muted">{t('panoramas.tiling', { percent: Math.round(p.progress * 100) })}</span>
              <Progress value={p.progress} label={t('panoramas.tiling-label', { name: p.fileName ?? p.name })} />
            </>
          ) : (
            <span className="studio-error" role="alert">{t('panoramas.tiling-failed', { file: p.fileName ?? p.name })} {p.error}</span>
          )}
        </div>
        {p.status === 'failed' ? <button type="button" className="studio-button" onClick={onDelete}>{t('panoramas.dismiss')}</button> : null}
      </li>
    );
  }

  return (
    <li className={`studio-card studio-panorama-row${dragging ? ' studio-dragging' : ''}`} data-testid="studio-panorama-row" data-status="ready" data-name={p.name} data-id={p.objectId} {...dragHandlers}>
      <span className="studio-drag-handle" aria-hidden="true" title={t('panoramas.drag')}>⋮⋮</span>
      {p.thumbnail ? <img className="studio-thumb" src={p.thumbnail} alt="" /> : <div className="studio-thumb-empty" aria-hidden="true" />}
      <div className="studio-stack studio-grow">
        <input
          className="studio-name-input" aria-label={t('panoramas.name-of', { position: position + 1 })} value={name} maxLength={STUDIO_LIMITS.nameLength}
          onChange={(e) => setName(e.target.value)} onBlur={commitName} onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); commitName(); } if (e.key === 'Escape') setName(p.name); }}
          data-testid="studio-panorama-name"
        />
        <div className="studio-row studio-wrap">
          <select aria-label={t('panoramas.category-of', { name: p.name })} value={p.category} onChange={(e) => {
            const category = e.target.value as Category;
            if (category !== 'custom') onCategory?.(category, null);
            else if (custom.trim()) onCategory?.('custom', custom.trim());
            else onCategory?.('custom', t('category.custom'));
          }}>
            {ROOM_CATEGORIES.map((c) => <option key={c} value={c}>{t(`category.${c}`)}</option>)}
          </select>
          {p.category === 'custom' ? (
            <input aria-label={t('panoramas.custom-category')} placeholder={t('panoramas.custom-category')} value={custom} maxLength={100}
              onChange={(e) => setCustom(e.target.value)} onBlur={() => custom.trim() && custom.trim() !== p.customCategory && onCategory?.('custom', custom.trim())} />
          ) : null}
          {p.initialView ? <span className="studio-muted">{t('panoramas.view-set', { ath: Math.round(p.initialView.ath), atv: Math.round(p.initialView.atv) })}</span> : null}
        </div>
      </div>
      <div className="studio-row studio-actions">
        <button type="button" className="studio-icon-button" aria-label={t('common.move-up-named', { name: p.name })} disabled={position === 0} onClick={() => onMove?.(position - 1)} data-testid="studio-move-up">↑</button>
        <button type="button" className="studio-icon-button" aria-label={t('common.move-down-named', { name: p.name })} disabled={position === count - 1} onClick={() => onMove?.(position + 1)} data-testid="studio-move-down">↓</button>
        <button type="button" className="studio-button" onClick={onAim}>{t('panoramas.initial-view')}</button>
        <button type="button" className="studio-button studio-danger" onClick={onDelete} aria-label={t('panoramas.delete-named', { name: p.name })}>{t('panoramas.delete')}</button>
      </div>
    </li>
  );
}

/** A file still uploading, or refused by the server (the message names the file and the problem). */
export function UploadRow({ item, onDismiss }: { item: UploadItem; onDismiss: () => void }) {
  const { t } = useTranslation('studio');
  const problem = item.code && KNOWN_PROBLEMS.includes(item.code) ? item.code.toLowerCase().replace(/_/g, '-') : 'other';
  return (
    <li className="studio-card studio-panorama-row" data-testid="studio-panorama-row" data-status={item.status} data-name={item.fileName}>
      <div className="studio-thumb-empty" aria-hidden="true" />
      <div className="studio-stack studio-grow">
        <strong>{item.fileName}</strong>
        {item.status === 'uploading' ? (
          <>
            <span className="studio-muted">{t('panoramas.uploading', { percent: Math.round(item.progress * 100) })}</span>
            <Progress value={item.progress} label={t('panoramas.uploading-label', { name: item.fileName })} />
          </>
        ) : (
          <span className="studio-error" role="alert" title={item.detail ?? undefined}>
            {t(`upload-problem.${problem}` as 'upload-problem.other', { file: item.fileName })}
            {item.detail && (problem === 'other' || DETAILED_PROBLEMS.includes(item.code ?? '')) ? <span className="studio-detail"> ({item.detail})</span> : null}
          </span>
        )}
      </div>
      {item.status === 'failed' ? <button type="button" className="studio-button" onClick={onDismiss}>{t('panoramas.dismiss')}</button> : null}
    </li>
  );
}
