import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CallPanel } from './CallPanel.tsx';
import { useTourRingInfo } from './useTourRingInfo.ts';
import './tourRing.css';

const joinMeeting = (path: string) => window.location.assign(path);

/** /tour-ring/{buildingId} (spec: layout family TourRing): a page to dial the tour's guides. */
export function TourRingPage({ buildingId }: { buildingId: string }) {
  const { t, i18n } = useTranslation('tourRing');
  const info = useTourRingInfo(buildingId);
  useEffect(() => {
    document.title = info && info !== 'failed' ? `${t('dial.title')} · ${info.name}` : t('dial.title');
  }, [info, t]);
  return (
    <main className="atrium-ring-page" dir={i18n.dir()} lang={i18n.language} data-testid="page-tour-ring">
      <section className="atrium-ring atrium-ring--page" aria-labelledby="atrium-ring-title">
        <header className="atrium-ring__header">
          <h1 id="atrium-ring-title">{t('dial.title')}</h1>
          {info && info !== 'failed' && <p className="atrium-ring__tour">{info.name}</p>}
        </header>
        {info === 'failed' ? <p role="alert" data-testid="ring-not-found">{t('dial.not-found')}</p>
          : info ? <CallPanel info={info} onJoin={joinMeeting} /> : <p role="status">{t('dial.loading')}</p>}
      </section>
    </main>
  );
}
