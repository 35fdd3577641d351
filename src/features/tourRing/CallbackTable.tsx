import { useTranslation } from 'react-i18next';
import { languageName } from '../../protocol/languageName.ts';
import type { Callback } from '../../protocol/tourRing.ts';

interface Props {
  callbacks: readonly Callback[];
  /** The console lists every tour's requests; a tour's studio tab only its own. */
  showTour: boolean;
  className: string;
  testId?: string;
}

/**
 * Call-back requests as a table, newest first: the guide's console and the studio's tab show the same rows. Every
 * cell carries its column's name (data-label) so narrow screens can stack a row (CSS).
 */
export function CallbackTable({ callbacks, showTour, className, testId }: Props) {
  const { t, i18n } = useTranslation('tourRing');
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <table className={className} data-testid={testId}>
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
  );
}
