import { useTranslation } from 'react-i18next';
import type { Callback } from '../../../protocol/tourRing.ts';
import { CallbackTable } from '../CallbackTable.tsx';

/** Call-back requests, newest first: a table on wide screens, stacked rows on phones (CSS). */
export function CallbackList({ callbacks, showTour = true }: { callbacks: readonly Callback[]; showTour?: boolean }) {
  const { t } = useTranslation('tourRing');
  return (
    <section className="atrium-console__card atrium-console__wide" aria-labelledby="console-callbacks">
      <h2 id="console-callbacks">{t('console.callbacks')}</h2>
      {callbacks.length === 0
        ? <p className="atrium-ring__muted" data-testid="callbacks-empty">{t('console.no-callbacks')}</p>
        : <CallbackTable callbacks={callbacks} showTour={showTour} className="atrium-console__table" testId="callbacks" />}
    </section>
  );
}
