import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudioPanorama, StudioTour } from '../../../protocol/studio.ts';
import { planFraction } from '../model/studioModel.ts';

/** Places panoramas on the floor plan: pick one, then click where it was taken. */
export function FloorPlanPlacer({ tour, panoramas, onPlace }: { tour: StudioTour; panoramas: StudioPanorama[]; onPlace: (id: string, position: { x: number; y: number } | null) => void }) {
  const { t } = useTranslation('studio');
  const [selected, setSelected] = useState<string>('');
  const current = panoramas.find((p) => p.objectId === selected) ?? null;
  if (panoramas.length === 0) return null;

  const place = (e: MouseEvent<HTMLDivElement>) => {
    if (!current) return;
    // Fractions of the picture itself (the dots are drawn over the same box).
    const box = (e.currentTarget.querySelector('img') ?? e.currentTarget).getBoundingClientRect();
    onPlace(current.objectId, { x: planFraction(e.clientX - box.left, box.width), y: planFraction(e.clientY - box.top, box.height) });
  };

  return (
    <section className="studio-card studio-stack" aria-labelledby="studio-plan-title" data-testid="studio-plan">
      <h2 id="studio-plan-title">{t('plan.title')}</h2>
      {!tour.floorplan ? <p className="studio-muted">{t('plan.none')}</p> : (
        <>
          <div className="studio-row studio-wrap">
            <label className="studio-field">
              <span>{t('plan.choose')}</span>
              <select value={selected} onChange={(e) => setSelected(e.target.value)}>
                <option value="">—</option>
                {panoramas.map((p) => <option key={p.objectId} value={p.objectId}>{p.name}{p.position ? ' ✓' : ''}</option>)}
              </select>
            </label>
            {current?.position ? <button type="button" className="studio-button" onClick={() => onPlace(current.objectId, null)}>{t('plan.take-off')}</button> : null}
          </div>
          <p className="studio-muted" role="status">{current ? t('plan.click', { name: current.name }) : t('plan.pick-first')}</p>
          <div className={`studio-plan${current ? ' studio-plan-active' : ''}`} onClick={place} data-testid="studio-plan-image">
            <img src={tour.floorplan} alt={t('plan.alt')} draggable={false} />
            {panoramas.filter((p) => p.position).map((p) => (
              <span key={p.objectId} className={`studio-plan-dot${p.objectId === selected ? ' studio-plan-dot-selected' : ''}`}
                style={{ left: `${p.position!.x * 100}%`, top: `${p.position!.y * 100}%` }} title={p.name}>
                <span className="studio-plan-label">{p.name}</span>
              </span>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
