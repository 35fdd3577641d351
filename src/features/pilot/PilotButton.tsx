import { useTranslation } from 'react-i18next';
import { useSnapshot } from '../../state/store.ts';
import { pilotUi } from './pilotUi.ts';

/** The toolbar's guided-tours button: shown when there is something to play or the visitor may record. */
export function PilotButton() {
  const { t } = useTranslation('pilot');
  const ui = useSnapshot(pilotUi);
  if (!ui.offered) return null;
  return (
    <button type="button" aria-pressed={ui.panelOpen} aria-label={t('list.title')} title={t('list.title')} data-testid="pilot-button" onClick={() => { pilotUi.panelOpen = !pilotUi.panelOpen; }}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" style={{ verticalAlign: 'middle' }}>
        <path d="M12 2a3 3 0 0 1 3 3v6a3 3 0 0 1-6 0V5a3 3 0 0 1 3-3z" fill="currentColor" />
        <path d="M5 11a7 7 0 0 0 14 0M12 18v4M8 22h8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}
