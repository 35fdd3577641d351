import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageName } from '../../../protocol/languageName.ts';
import type { StudioTour } from '../../../protocol/studio.ts';
import type { Callback } from '../../../protocol/tourRing.ts';
import { studioCallbacks } from '../tourRingApi.ts';

/** The studio's Call-backs tab: the call-now requests visitors left on this tour, newest first (a simple list). */
export function TourCallbacks({ tour }: { tour: StudioTour }) {
  const { t, i18n } = useTranslation('tourRing');
  const [rows, setRows] = useState<Callback[] | null | 'failed'>(null);
  useEffect(() => {
    let live = true;
    studioCallbacks(tour.objectId).then((list) => live && setRows(list), () => live && setRows('failed'));
    return () => {
      live = false;
    };
  }, [tour.objectId]);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  if (rows === null) return <p className="studio-muted" role="status">{t('dial.loading')}</p>;
  if (rows === 'failed') return <p className="studio-error" role="alert">{t('callback.failed')}</p>;
  return (
    <section className="studio-card" data-testid="studio-callbacks">
      <h2>{t('console.callbacks')}</h2>
      {rows.length === 0 ? <p className="studio-muted">{t('console.no-callbacks')}</p> : (
        <table className="studio-table">
          <thead>
            <tr>
              <th scope="col">{t('console.callback-when')}</th>
              <th scope="col">{t('console.callback-name')}</th>
              <th scope="col">{t('console.callback-phone')}</th>
              <th scope="col">{t('console.callback-language')}</th>
              <th scope="col">{t('console.callback-note')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.objectId}>
                <td>{when.format(new Date(c.createdAt))}</td>
                <td>{c.name}</td>
                <td><a href={`tel:${c.phone}`} dir="ltr">{c.phone}</a></td>
                <td>{languageName(c.language, i18n.language)}</td>
                <td>{c.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
