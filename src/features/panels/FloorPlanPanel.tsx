import { useTranslation } from 'react-i18next';
import type { Tour } from '../../protocol/tour.ts';
import { cameraState } from '../../scene/index.ts';
import { useSnapshot } from '../../state/store.ts';
import { Dialog } from './Dialog.tsx';

interface Props {
  tour: Tour;
  index: number;
  onSelect: (index: number) => void;
  onClose: () => void;
}

/** The floor plan with a dot per placed panorama; the current one shows where the camera looks. */
export function FloorPlanPanel({ tour, index, onSelect, onClose }: Props) {
  const { t } = useTranslation('panels');
  const camera = useSnapshot(cameraState);
  const size = tour.floorplanSize;
  // yaw is in the ath convention (clockwise from the panorama's north); the building's compass turns it onto the plan.
  const heading = camera.yaw + (tour.compass ?? 0);
  return (
    <Dialog title={t('floorplan.title')} onClose={onClose} testId="panel-floorplan" className="atrium-panel--wide">
      <div className="atrium-floorplan" style={size ? { aspectRatio: `${size.width} / ${size.height}` } : undefined}>
        <img src={tour.floorplan ?? ''} alt={t('floorplan.title')} className="atrium-floorplan__image" />
        {tour.panoramas.map((p, i) => {
          if (!p.position) return null;
          const current = i === index;
          return (
            <button
              key={p.objectId}
              type="button"
              className={`atrium-floorplan__dot${current ? ' is-current' : ''}`}
              style={{ left: `${p.position.x * 100}%`, top: `${p.position.y * 100}%` }}
              aria-current={current ? 'true' : undefined}
              aria-label={current ? t('floorplan.current', { name: p.name }) : t('floorplan.go', { name: p.name })}
              data-testid={`floorplan-dot-${i}`}
              onClick={() => onSelect(i)}
            >
              {current && <span className="atrium-floorplan__cone" data-testid="floorplan-cone" style={{ transform: `rotate(${heading}deg)` }} aria-hidden="true" />}
            </button>
          );
        })}
      </div>
    </Dialog>
  );
}
