import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError, request } from '../../../api/httpClient.ts';
import type { StudioTour } from '../../../protocol/studio.ts';

const pilotsPath = (id: string) => `/v2/studio/tours/${encodeURIComponent(id)}/pilots`;

/**
 * The studio's Pilots tab: the accounts the owner names as pilots of this tour (one username a line). They, the owner
 * and the tour's editors may record guided tours in the viewer.
 */
export function PilotSettings({ tour }: { tour: StudioTour }) {
  const { t } = useTranslation('pilot');
  const [names, setNames] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ kind: 'saved' | 'failed'; detail?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const id = tour.objectId;

  useEffect(() => {
    void request<{ usernames: string[] }>(pilotsPath(id)).then((r) => setNames(r.usernames.join('\n')), () => {
      setNames('');
      setNotice({ kind: 'failed' });
    });
  }, [id]);

  const save = async () => {
    setNotice(null);
    setBusy(true);
    try {
      const usernames = [...new Set((names ?? '').split(/[\n,]/).map((u) => u.trim()).filter(Boolean))];
      const saved = await request<{ usernames: string[] }>(pilotsPath(id), { method: 'PUT', body: { usernames } });
      setNames(saved.usernames.join('\n'));
      setNotice({ kind: 'saved' });
    } catch (error) {
      // The server names what it refused (an unknown username): shown as it came.
      setNotice({ kind: 'failed', detail: error instanceof HttpError && error.status < 500 ? error.body?.message : undefined });
    } finally {
      setBusy(false);
    }
  };

  if (names === null) return <p className="studio-muted" role="status">…</p>;
  return (
    <form className="studio-card studio-stack" data-testid="pilot-settings" onSubmit={(e) => { e.preventDefault(); void save(); }}>
      <h2>{t('studio.title')}</h2>
      <p className="studio-muted">{t('studio.intro')}</p>
      <label className="studio-stack">
        {t('studio.usernames')}
        <textarea rows={6} value={names} onChange={(e) => setNames(e.target.value)} data-testid="pilot-usernames" />
      </label>
      <div className="studio-row">
        <button type="submit" className="studio-button studio-primary" disabled={busy} data-testid="pilot-settings-save">{t('studio.save')}</button>
        {notice?.kind === 'saved' && <span role="status">{t('studio.saved')}</span>}
        {notice?.kind === 'failed' && <span className="studio-error" role="alert">{notice.detail ?? t('error.action')}</span>}
      </div>
    </form>
  );
}
