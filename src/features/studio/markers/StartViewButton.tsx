import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cameraState } from '../../../scene/index.ts';
import { updatePanorama } from '../api/studioApi.ts';

/** Degrees to -180..180 with one decimal: the stored start view stays readable however far the owner turned. */
export function startViewFromCamera(camera: { yaw: number; pitch: number; fov: number }): { ath: number; atv: number; fov: number } {
  const round = (v: number) => Math.round(v * 10) / 10;
  const ath = ((((camera.yaw + 180) % 360) + 360) % 360) - 180;
  return { ath: round(ath), atv: round(-camera.pitch), fov: round(camera.fov) };
}

/**
 * The initial view is set by looking: the owner turns the real scene of the Markers tab to what visitors should
 * see first and keeps it with one press (what you see is exactly what they get, fov included).
 */
export function StartViewButton({ buildingId, panoramaId }: { buildingId: string; panoramaId: string }) {
  const { t } = useTranslation('studioMarkers');
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  useEffect(() => {
    setState('idle');
  }, [panoramaId]);
  const save = async () => {
    setState('saving');
    try {
      await updatePanorama(buildingId, panoramaId, { initialView: startViewFromCamera(cameraState) });
      setState('saved');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className="studio-markers-start-view">
      <button type="button" data-testid="studio-start-view" disabled={state === 'saving'} onClick={() => void save()}>{t('editor.start-view')}</button>
      <span role="status" data-testid="studio-start-view-status">
        {state === 'saved' ? t('editor.start-view-saved') : state === 'failed' ? t('editor.start-view-failed') : ''}
      </span>
    </span>
  );
}
