import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ANALYTICS_RANGES, type BuildingAnalytics } from '../../protocol/analytics.ts';
import { viewerPath } from '../../protocol/routes.ts';
import { downloadAnalyticsCsv } from './analyticsApi.ts';
import { minutesAndSeconds } from './chartScale.ts';
import { lastDays } from './dayRange.ts';
import { SourcesChart } from './SourcesChart.tsx';
import { useBuildingAnalytics } from './useBuildingAnalytics.ts';
import { ViewsChart } from './ViewsChart.tsx';
import './analytics.css';

type Range = (typeof ANALYTICS_RANGES)[number];

/** /analytics/{buildingId}: the owner's visitor statistics of one tour. */
export function AnalyticsPage({ buildingId }: { buildingId: string }) {
  const { t } = useTranslation('analytics');
  const [days, setDays] = useState<Range>(30);
  const [attempt, setAttempt] = useState(0);
  const range = useMemo(() => lastDays(days), [days]);
  const state = useBuildingAnalytics(buildingId, range, attempt);
  useEffect(() => {
    const previous = document.title;
    document.title = `${t('page.title')} · Atrium`;
    return () => { document.title = previous; };
  }, [t]);

  let body;
  if (state.kind === 'loading') body = <p role="status" data-testid="analytics-loading">{t('page.loading')}</p>;
  else if (state.kind === 'signed-out') {
    const next = `/analytics/${encodeURIComponent(buildingId)}`;
    body = (
      <div className="atrium-analytics__notice" data-testid="analytics-signed-out">
        <p>{t('page.sign-in-needed')}</p>
        <a className="atrium-analytics__button" href={`/login?next=${encodeURIComponent(next)}`}>{t('page.sign-in')}</a>
      </div>
    );
  } else if (state.kind === 'forbidden') body = <p className="atrium-analytics__notice" role="alert" data-testid="analytics-forbidden">{t('page.not-your-tour')}</p>;
  else if (state.kind === 'failed') {
    body = (
      <div className="atrium-analytics__notice" role="alert" data-testid="analytics-failed">
        <p>{t('page.failed')}</p>
        <button type="button" className="atrium-analytics__button" onClick={() => setAttempt((a) => a + 1)}>{t('page.retry')}</button>
      </div>
    );
  } else body = <Figures data={state.data} days={days} onDays={setDays} />;

  return (
    <main className="atrium-analytics" data-testid="page-analytics">
      <div className="atrium-analytics__card">
        <h1>{t('page.title')}</h1>
        {state.kind === 'ready' && (
          <p className="atrium-analytics__tour">
            <a href={viewerPath(buildingId)} data-testid="analytics-tour-link">{state.data.buildingName}</a>
          </p>
        )}
        {body}
      </div>
    </main>
  );
}

function Figures({ data, days, onDays }: { data: BuildingAnalytics; days: Range; onDays: (d: Range) => void }) {
  const { t, i18n } = useTranslation('analytics');
  const [exportFailed, setExportFailed] = useState(false);
  const number = new Intl.NumberFormat(i18n.language);
  const dayFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', timeZone: 'UTC' }), [i18n.language]);
  const formatDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
  const average = minutesAndSeconds(data.averageViewingSeconds);
  const exportCsv = () => {
    setExportFailed(false);
    downloadAnalyticsCsv(data.buildingId, { from: data.from, to: data.to }).catch(() => setExportFailed(true));
  };
  return (
    <>
      <div className="atrium-analytics__toolbar">
        <div role="group" aria-label={t('range.label')} className="atrium-analytics__ranges">
          {ANALYTICS_RANGES.map((d) => (
            <button key={d} type="button" aria-pressed={days === d} onClick={() => onDays(d)} data-testid={`range-${d}`}>{t(`range.${d}`)}</button>
          ))}
        </div>
        <button type="button" className="atrium-analytics__button" onClick={exportCsv} data-testid="analytics-export">{t('export.csv')}</button>
      </div>
      {exportFailed && <p role="alert" className="atrium-analytics__error">{t('export.failed')}</p>}
      <dl className="atrium-analytics__summary">
        <div><dt>{t('summary.views')}</dt><dd data-testid="summary-views">{number.format(data.views)}</dd></div>
        <div><dt>{t('summary.unique-visitors')}</dt><dd data-testid="summary-visitors">{number.format(data.uniqueVisitors)}</dd></div>
        <div>
          <dt>{t('summary.average-time')}</dt>
          <dd data-testid="summary-average">{average.minutes > 0 ? t('duration.minutes-seconds', average) : t('duration.seconds', { seconds: average.seconds })}</dd>
        </div>
      </dl>
      <section aria-labelledby="analytics-views">
        <h2 id="analytics-views">{t('chart.views-per-day')}</h2>
        <ViewsChart days={data.viewsPerDay} formatDay={formatDay} />
      </section>
      <div className="atrium-analytics__columns">
        <section aria-labelledby="analytics-markers">
          <h2 id="analytics-markers">{t('markers.title')}</h2>
          {data.topMarkers.length === 0 ? <p className="atrium-analytics__empty">{t('empty.markers')}</p> : (
            <table className="atrium-analytics__table" data-testid="top-markers">
              <thead><tr><th scope="col">{t('markers.marker')}</th><th scope="col">{t('markers.opens')}</th></tr></thead>
              <tbody>
                {data.topMarkers.map((m) => (
                  <tr key={m.markerId} data-testid={`top-marker-${m.markerId}`}><th scope="row">{m.name}</th><td>{number.format(m.clicks)}</td></tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <section aria-labelledby="analytics-sources">
          <h2 id="analytics-sources">{t('sources.title')}</h2>
          <SourcesChart sources={data.linkSources} />
        </section>
      </div>
    </>
  );
}
