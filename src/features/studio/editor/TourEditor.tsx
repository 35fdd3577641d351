import { lazy, Suspense, useCallback, useEffect, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudioTour } from '../../../protocol/studio.ts';
import { analyticsPath } from '../../../protocol/routes.ts';
import { getTour, removeTour, restoreTour } from '../api/studioApi.ts';
import { ConfirmDialog } from '../parts/ConfirmDialog.tsx';
import { useFailureMessage } from '../useFailureMessage.ts';
import { TourSettings } from './TourSettings.tsx';
import { DraftBadge, DraftStatus } from './DraftStatus.tsx';
import { PanoramasTab } from '../panoramas/PanoramasTab.tsx';

// The marker editor (a whole panorama scene) and the publish panel load only when their tab opens.
const MarkerEditor = lazy(() => import('../markers/MarkerEditor.tsx').then((m) => ({ default: m.MarkerEditor })));
const PublishPanel = lazy(() => import('../publish/PublishPanel.tsx').then((m) => ({ default: m.PublishPanel })));
// Instant messaging's FAQ entries and the people who answer (the chat feature's own chunk).
const ChatSettings = lazy(() => import('../../chat/studio/ChatSettings.tsx').then((m) => ({ default: m.ChatSettings })));
// Who may record guided tours (the pilot feature's own chunk).
const PilotSettings = lazy(() => import('../../pilot/studio/PilotSettings.tsx').then((m) => ({ default: m.PilotSettings })));
// The lounge's tickets (the lounge feature's own chunk).
// Call-back requests visitors left through the tour ring (the tour ring's own chunk).
const TourCallbacks = lazy(() => import('../../tourRing/studio/TourCallbacks.tsx').then((m) => ({ default: m.TourCallbacks })));
const TicketSettings = lazy(() => import('../../lounge/studio/TicketSettings.tsx').then((m) => ({ default: m.TicketSettings })));

// Guides, their hours and the tour's bookings and call-backs (the booking feature's own chunk).
const GuideSettings = lazy(() => import('../../booking/studio/GuideSettings.tsx').then((m) => ({ default: m.GuideSettings })));

const TABS = ['settings', 'panoramas', 'markers', 'publish', 'chat', 'pilots', 'lounge', 'guides', 'callbacks'] as const;
type Tab = (typeof TABS)[number];

/** /studio/{id}: one tour, in four tabs (WAI-ARIA tabs: arrows move between them). */
export function TourEditor({ buildingId, navigate }: { buildingId: string; navigate: (path: string) => void }) {
  const { t } = useTranslation('studio');
  const failure = useFailureMessage();
  const [tour, setTour] = useState<StudioTour | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>('settings');
  const [confirmRemove, setConfirmRemove] = useState(false);

  const reload = useCallback(() => getTour(buildingId).then(setTour, (e: unknown) => setError(failure(e))), [buildingId, failure]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const remove = async () => {
    setConfirmRemove(false);
    try {
      await removeTour(buildingId);
      await reload();
    } catch (e) {
      setError(failure(e));
    }
  };
  const restore = async () => {
    try {
      setTour(await restoreTour(buildingId));
    } catch (e) {
      setError(failure(e));
    }
  };

  const onTabKey = (e: KeyboardEvent) => {
    const i = TABS.indexOf(tab);
    const next = e.key === 'ArrowRight' ? TABS[(i + 1) % TABS.length] : e.key === 'ArrowLeft' ? TABS[(i + TABS.length - 1) % TABS.length] : null;
    if (!next) return;
    e.preventDefault();
    setTab(next);
    document.getElementById(`studio-tab-${next}`)?.focus();
  };

  if (error && !tour) return <p className="studio-error" role="alert">{error}</p>;
  if (!tour) return <p className="studio-muted" role="status">{t('page.loading')}</p>;
  return (
    <div className="studio-stack">
      <nav className="studio-row studio-between">
        <a href="/studio" onClick={(e) => { e.preventDefault(); navigate('/studio'); }}>← {t('editor.back')}</a>
        <span className="studio-row">
          <a className="studio-button" href={`/${tour.objectId}`} target="_blank" rel="noreferrer">{t('editor.open-viewer')}</a>
          <a className="studio-button" href={analyticsPath(tour.objectId)} onClick={(e) => { e.preventDefault(); navigate(analyticsPath(tour.objectId)); }} data-testid="studio-open-analytics">{t('editor.open-analytics')}</a>
          {!tour.removedAt ? <button type="button" className="studio-button studio-danger" onClick={() => setConfirmRemove(true)} data-testid="studio-remove-tour">{t('editor.remove')}</button> : null}
        </span>
      </nav>
      <h1>{tour.name} {tour.draft ? <DraftBadge /> : null}</h1>
      {!tour.removedAt ? <DraftStatus tour={tour} onChanged={setTour} onError={(e) => setError(failure(e))} /> : null}
      {tour.removedAt ? (
        <div className="studio-banner studio-row studio-between" role="status" data-testid="studio-removed-banner">
          <span>{t('editor.removed-banner')}</span>
          <button type="button" className="studio-button studio-primary" onClick={() => void restore()}>{t('tours.restore')}</button>
        </div>
      ) : null}
      {error ? <p className="studio-error" role="alert">{error}</p> : null}
      <div role="tablist" aria-label={t('editor.sections')} className="studio-tabs" onKeyDown={onTabKey}>
        {TABS.map((name) => (
          <button
            key={name} id={`studio-tab-${name}`} type="button" role="tab" aria-selected={tab === name} aria-controls={`studio-panel-${name}`}
            tabIndex={tab === name ? 0 : -1} className="studio-tab" onClick={() => setTab(name)} data-testid={`studio-tab-${name}`}
          >
            {t(`editor.tab-${name}`)}
          </button>
        ))}
      </div>
      <section role="tabpanel" id={`studio-panel-${tab}`} aria-labelledby={`studio-tab-${tab}`} className="studio-panel">
        {tab === 'settings' ? <TourSettings tour={tour} onSaved={setTour} /> : null}
        {tab === 'panoramas' ? <PanoramasTab tour={tour} updateTour={(change) => setTour((current) => (current ? change(current) : current))} /> : null}
        <Suspense fallback={<p className="studio-muted">{t('page.loading')}</p>}>
          {tab === 'markers' ? <MarkerEditor buildingId={buildingId} tour={tour} /> : null}
          {tab === 'publish' ? <PublishPanel buildingId={buildingId} tour={tour} onSaved={setTour} /> : null}
          {tab === 'chat' ? <ChatSettings tour={tour} /> : null}
          {tab === 'pilots' ? <PilotSettings tour={tour} /> : null}
          {tab === 'lounge' ? <TicketSettings tour={tour} /> : null}
          {tab === 'guides' ? <GuideSettings tour={tour} /> : null}
          {tab === 'callbacks' ? <TourCallbacks tour={tour} /> : null}
        </Suspense>
      </section>
      {confirmRemove ? (
        <ConfirmDialog
          title={t('editor.remove-title', { name: tour.name })} text={t('editor.remove-text')} confirmLabel={t('editor.remove-confirm')}
          onConfirm={() => void remove()} onCancel={() => setConfirmRemove(false)}
        />
      ) : null}
    </div>
  );
}
