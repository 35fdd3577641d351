import { useTranslation } from 'react-i18next';
import { languageName } from '../../../protocol/languageName.ts';
import type { Callback } from '../../../protocol/tourRing.ts';

/** Call-back requests, newest first: a table on wide screens, stacked rows on phones (CSS). */
export function CallbackList({ callbacks, showTour = true }: { callbacks: readonly Callback[]; showTour?: boolean }) {
  const { t, i18n } = useTranslation('tourRing');
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="atrium-console__card atrium-console__wide" aria-labelledby="console-callbacks">
      <h2 id="console-callbacks">{t('console.callbacks')}</h2>
      {callbacks.length === 0 ? <p className="atrium-ring__muted" data-testid="callbacks-empty">{t('console.no-callbacks')}</p> : (
        <table className="atrium-console__table" data-testid="callbacks">
          <thead>
            <tr>
              <th scope="col">{t('console.callback-when')}</th>
              {showTour && <th scope="col">{t('console.callback-tour')}</th>}
              <th scope="col">{t('console.callback-name')}</th>
              <th scope="col">{t('console.callback-phone')}</th>
              <th scope="col">{t('console.callback-language')}</th>
              <th scope="col">{t('console.callback-note')}</th>
            </tr>
          </thead>
          <tbody>
            {callbacks.map((c) => (
              <tr key={c.objectId} data-testid="callback-row">
                <td data-label={t('console.callback-when')}>{when.format(new Date(c.createdAt))}</td>
                {showTour && <td data-label={t('console.callback-tour')}>{c.tourName}</td>}
                <td data-label={t('console.callback-name')}>{c.name}</td>
                <td data-label={t('console.callback-phone')}><a href={`tel:${c.phone}`} dir="ltr">{c.phone}</a></td>
                <td data-label={t('console.callback-language')}>{languageName(c.language, i18n.language)}</td>
                <td data-label={t('console.callback-note')}>{c.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
