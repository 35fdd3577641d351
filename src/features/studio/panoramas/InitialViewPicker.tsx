import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_FOV } from '../../../protocol/constants.ts';
import type { StudioPanorama } from '../../../protocol/studio.ts';
import { pointFromView, viewFromPoint } from '../model/studioModel.ts';

type View = { ath: number; atv: number; fov: number };

/**
 * The initial view, chosen on the flat (equirectangular) picture: drag or click the frame to where visitors
 * should look first; arrow keys move it by 5°. The frame's size follows the field of view.
 */
export function InitialViewPicker({ panorama, onSave, onCancel }: { panorama: StudioPanorama; onSave: (v: View) => void; onCancel: () => void }) {
  const { t } = useTranslation('studio');
  const area = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>(() => ({ ath: panorama.initialView?.ath ?? 0, atv: panorama.initialView?.atv ?? 0, fov: panorama.initialView?.fov ?? Math.min(DEFAULT_FOV, 100) }));
  const [dragging, setDragging] = useState(false);
  // The picker opens below the list: bring it into sight and give it the keyboard.
  useEffect(() => {
    area.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    area.current?.focus({ preventScroll: true });
  }, [panorama.objectId]);

  const aimAt = (e: PointerEvent) => {
    const box = area.current?.getBoundingClientRect();
    if (!box) return;
    setView((v) => ({ ...v, ...viewFromPoint((e.clientX - box.left) / box.width, (e.clientY - box.top) / box.height) }));
  };
  const onKey = (e: KeyboardEvent) => {
    const step: Record<string, [number, number]> = { ArrowLeft: [-5, 0], ArrowRight: [5, 0], ArrowUp: [0, -5], ArrowDown: [0, 5] };
    const d = step[e.key];
    if (!d) return;
    e.preventDefault();
    setView((v) => ({ ...v, ath: ((v.ath + d[0] + 540) % 360) - 180, atv: Math.max(-90, Math.min(90, v.atv + d[1])) }));
  };
  const { u, v } = pointFromView(view.ath, view.atv);
  const frameWidth = view.fov / 360;
  const frameHeight = Math.min(1, (view.fov * 0.6) / 180);

  return (
    <section className="studio-card studio-stack" aria-labelledby="studio-aim-title" data-testid="studio-initial-view">
      <h2 id="studio-aim-title">{t('aim.title', { name: panorama.name })}</h2>
      <p className="studio-muted">{t('aim.hint')}</p>
      <div
        ref={area} className="studio-aim-area" tabIndex={0} role="slider" aria-label={t('aim.label')}
        aria-valuetext={t('aim.value', { ath: Math.round(view.ath), atv: Math.round(view.atv) })}
        aria-valuenow={Math.round(view.ath)} aria-valuemin={-180} aria-valuemax={180}
        onKeyDown={onKey}
        onPointerDown={(e) => { e.currentTarget.setPointerCapture(e.pointerId); setDragging(true); aimAt(e); }}
        onPointerMove={(e) => dragging && aimAt(e)} onPointerUp={() => setDragging(false)}
      >
        {panorama.previewUrl ? <img src={panorama.previewUrl} alt="" draggable={false} /> : null}
        <div className="studio-aim-frame" style={{ left: `${(u - frameWidth / 2) * 100}%`, top: `${(v - frameHeight / 2) * 100}%`, width: `${frameWidth * 100}%`, height: `${frameHeight * 100}%` }} />
      </div>
      <label className="studio-field">
        <span>{t('aim.fov', { degrees: Math.round(view.fov) })}</span>
        <input type="range" min={30} max={120} value={view.fov} onChange={(e) => setView((x) => ({ ...x, fov: Number(e.target.value) }))} />
      </label>
      <div className="studio-row">
        <button type="button" className="studio-button studio-primary" onClick={() => onSave(view)} data-testid="studio-save-view">{t('aim.save')}</button>
        <button type="button" className="studio-button" onClick={onCancel}>{t('common.cancel')}</button>
      </div>
    </section>
  );
}
