import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShortCodeSchema } from '../../protocol/meeting.ts';
import { viewerPath } from '../../protocol/routes.ts';
import { useSnapshot } from '../../state/store.ts';
import { meetingByCode } from './meetingApi.ts';
import { problemOf } from './meetingController.ts';
import { problemText } from './meetingTexts.ts';
import { meetingUi } from './meetingUi.ts';

/** The toolbar's meeting button: shown only when this server has meetings on. */
export function MeetingButton() {
  const { t } = useTranslation('meeting');
  const ui = useSnapshot(meetingUi);
  if (!ui.availability?.enabled) return null;
  return (
    <button type="button" aria-pressed={ui.menuOpen} aria-label={t('meeting.button')} title={t('meeting.button')} data-testid="meeting-button" onClick={() => { meetingUi.menuOpen = !meetingUi.menuOpen; }}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" style={{ verticalAlign: 'middle' }}>
        <rect x="2.5" y="6" width="13" height="12" rx="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M15.5 10.5 21.5 7v10l-6-3.5z" fill="currentColor" />
      </svg>
    </button>
  );
}

interface MenuProps {
  canHost: boolean;
  onStartNow: () => Promise<void>;
  navigate: (path: string) => void;
}

/** Join with a code someone gave you; a host may also start a meeting on this tour now. */
export function MeetingMenu({ canHost, onStartNow, navigate }: MenuProps) {
  const { t } = useTranslation('meeting');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const parsed = ShortCodeSchema.safeParse(code);
    if (!parsed.success) return setError(t('error.invalid-id'));
    setBusy(true);
    try {
      const found = await meetingByCode(parsed.data);
      meetingUi.menuOpen = false;
      navigate(`${viewerPath(found.buildingId)}?meeting=${encodeURIComponent(found.meetingId)}`);
    } catch (e) {
      setError(problemText(t, problemOf(e)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="atrium-meeting-card is-menu" role="dialog" aria-label={t('meeting.menu-title')} data-testid="meeting-menu" onKeyDown={(e) => {
      e.stopPropagation();
      if (e.key === 'Escape') meetingUi.menuOpen = false;
    }}>
      <h2>{t('meeting.menu-title')}</h2>
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <label>
          {t('meeting.code-label')}
          <input value={code} placeholder={t('meeting.code-placeholder')} maxLength={12} autoCapitalize="characters" data-testid="meeting-code-input" onChange={(e) => { setCode(e.target.value); setError(null); }} />
        </label>
        {error && <p role="alert" className="atrium-meeting-card__error" data-testid="meeting-code-error">{error}</p>}
        <button type="submit" className="is-primary" disabled={busy}>{t('meeting.join-with-code')}</button>
      </form>
      {canHost && (
        <button type="button" className="atrium-meeting-card__start" disabled={busy} data-testid="meeting-start-now" onClick={() => { setBusy(true); void onStartNow().finally(() => setBusy(false)); }}>
          {busy ? t('meeting.starting') : t('meeting.start-now')}
        </button>
      )}
    </div>
  );
}
