import { useTranslation } from 'react-i18next';
import type { BuildingAnalytics } from '../../protocol/analytics.ts';

interface Props {
  sources: BuildingAnalytics['linkSources'];
}

const ROW = 30;
const LABEL_W = 120;
const WIDTH = 480;
const VALUE_W = 48;

/** Link sources as horizontal SVG bars, with the same numbers as a table for screen readers. */
export function SourcesChart({ sources }: Props) {
  const { t, i18n } = useTranslation('analytics');
  const number = new Intl.NumberFormat(i18n.language);
  const max = Math.max(1, ...sources.map((s) => s.views));
  const barSpace = WIDTH - LABEL_W - VALUE_W;
  if (sources.length === 0) return <p className="atrium-analytics__empty">{t('empty.views')}</p>;
  return (
    <div data-testid="sources-chart">
      <svg viewBox={`0 0 ${WIDTH} ${sources.length * ROW}`} aria-hidden="true" focusable="false" className="atrium-analytics__sources">
        {sources.map((s, i) => (
          <g key={s.source} transform={`translate(0 ${i * ROW})`}>
            <text x={LABEL_W - 8} y={ROW / 2 + 5} textAnchor="end" className="atrium-analytics__label">{t(`source.${s.source}`)}</text>
            <rect x={LABEL_W} y={6} width={Math.max(2, (s.views / max) * barSpace)} height={ROW - 12} rx={3} className="atrium-analytics__bar" data-testid={`source-bar-${s.source}`} />
            <text x={LABEL_W + Math.max(2, (s.views / max) * barSpace) + 6} y={ROW / 2 + 5} className="atrium-analytics__label">{number.format(s.views)}</text>
          </g>
        ))}
      </svg>
      <table className="atrium-analytics__sr" data-testid="sources-table">
        <caption>{t('sources.title')}</caption>
        <thead><tr><th scope="col">{t('sources.source')}</th><th scope="col">{t('summary.views')}</th></tr></thead>
        <tbody>
          {sources.map((s) => <tr key={s.source}><th scope="row">{t(`source.${s.source}`)}</th><td>{s.views}</td></tr>)}
        </tbody>
      </table>
    </div>
  );
}
