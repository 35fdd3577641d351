import { useTranslation } from 'react-i18next';
import { progressFraction, type ProgressState } from '../app/availability.ts';

/** The loading bar of section 4; closes once the tour is complete and the first view is on screen. */
export function ProgressBar({ progress, visible }: { progress: ProgressState; visible: boolean }) {
  const { t } = useTranslation();
  if (!visible) return null;
  const percent = Math.round(progressFraction(progress) * 100);
  return (
    <div className="atrium-progress" role="progressbar" aria-label={t('loading.label')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} data-testid="progress">
      <div className="atrium-progress__bar" style={{ width: `${percent}%` }} />
      <span className="atrium-progress__text">{t('loading.progress', { percent })}</span>
    </div>
  );
}
