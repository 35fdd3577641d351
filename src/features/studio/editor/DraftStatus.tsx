import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudioTour } from '../../../protocol/studio.ts';
import { publishTour } from '../api/studioApi.ts';

/** The visible mark of a tour nobody but its editors can open yet. */
export function DraftBadge() {
  const { t } = useTranslation('studioDraft');
  return <span className="studio-draft-badge" data-testid="studio-draft-badge">{t('draft.badge')}</span>;
}

/**
 * Whether visitors can open the tour, with the action that changes it: Publish for a draft (new tours start as
 * drafts), Back to draft for a published one.
 */
export function DraftStatus({ tour, onChanged, onError }: { tour: StudioTour; onChanged: (tour: StudioTour) => void; onError: (error: unknown) => void }) {
  const { t } = useTranslation('studioDraft');
  const [busy, setBusy] = useState(false);
  const change = async (published: boolean) => {
    setBusy(true);
    try {
      onChanged(await publishTour(tour.objectId, published));
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={`studio-row studio-between ${tour.draft ? 'studio-banner' : 'studio-published'}`} role="status" data-testid="studio-draft-status" data-draft={tour.draft}>
      <span>{tour.draft ? t('draft.status-draft') : t('draft.status-published')}</span>
      {tour.draft ? (
        <button type="button" className="studio-button studio-primary" disabled={busy} onClick={() => void change(true)} data-testid="studio-publish-tour">{t('draft.publish')}</button>
      ) : (
        <button type="button" className="studio-button" disabled={busy} onClick={() => void change(false)} data-testid="studio-unpublish-tour">{t('draft.unpublish')}</button>
      )}
    </div>
  );
}
