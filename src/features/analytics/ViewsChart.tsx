import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { niceMax, ticks } from './chartScale.ts';

interface Props {
  days: ReadonlyArray<{ date: string; views: number }>;
  formatDay: (date: string) => string;
}

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { top: 12, right: 12, bottom: 28, left: 40 };

/**
 * Views per day as SVG bars drawn here (no chart library). Screen readers get a summary sentence and the numbers as
 * a table; the drawing itself is hidden from them.
 */
export function ViewsChart({ days, formatDay }: Props) {
  const { t, i18n } = useTranslation('analytics');
  const summaryId = useId();
  const max = niceMax(Math.max(0, ...days.map((d) => d.views)));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, days.length);
  const barW = Math.max(1, slot * 0.7);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  // Enough date labels to read, never so many that they overlap.
  const labelEvery = Math.ceil(days.length / 8);
  const number = new Intl.NumberFormat(i18n.language);
  const total = days.reduce((n, d) => n + d.views, 0);
  const first = days[0]?.date ?? '';
  const last = days.at(-1)?.date ?? '';
  return (
    <figure className="atrium-analytics__chart" aria-describedby={summaryId} data-testid="views-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="presentation" aria-hidden="true" focusable="false">
        {ticks(max).map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} className="atrium-analytics__grid" />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" className="atrium-analytics__axis">{number.format(tick)}</text>
          </g>
        ))}
        {days.map((d, i) => (
          <g key={d.date}>
            <rect
              x={PAD.left + i * slot + (slot - barW) / 2}
              y={y(d.views)}
              width={barW}
              height={Math.max(0, PAD.top + plotH - y(d.views))}
              rx={Math.min(3, barW / 3)}
              className="atrium-analytics__bar"
              data-testid="views-bar"
              data-views={d.views}
            >
              <title>{`${formatDay(d.date)}: ${number.format(d.views)}`}</title>
            </rect>
            {i % labelEvery === 0 && (
              <text x={PAD.left + i * slot + slot / 2} y={HEIGHT - 8} textAnchor="middle" className="atrium-analytics__axis">{formatDay(d.date)}</text>
            )}
          </g>
        ))}
      </svg>
      <figcaption id={summaryId} className="atrium-analytics__sr">
        {t('chart.summary', { from: first ? formatDay(first) : '', to: last ? formatDay(last) : '', total: number.format(total) })}
      </figcaption>
      <table className="atrium-analytics__sr" data-testid="views-table">
        <caption>{t('chart.views-per-day')}</caption>
        <thead><tr><th scope="col">{t('chart.date')}</th><th scope="col">{t('summary.views')}</th></tr></thead>
        <tbody>
          {days.map((d) => <tr key={d.date}><th scope="row">{formatDay(d.date)}</th><td>{d.views}</td></tr>)}
        </tbody>
      </table>
    </figure>
  );
}
