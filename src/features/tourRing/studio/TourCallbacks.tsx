import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudioTour } from '../../../protocol/studio.ts';
import type { Callback } from '../../../protocol/tourRing.ts';
import { CallbackTable } from '../CallbackTable.tsx';
import { studioCallbacks } from '../tourRingApi.ts';

/** The studio's Call-backs tab: the call-now requests visitors left on this tour, newest first (a simple list). */
export function TourCallbacks({ tour }: { tour: StudioTour }) {
  const { t } = useTranslation('tourRing');
  const [rows, setRows] = useState<Callback[] | null | 'failed'>(null);
  useEffect(() => {
    let live = true;
    studioCallbacks(tour.objectId).then((list) => live && setRows(list), () => live && setRows('failed'));
    return () => {
      live = false;
    };
  }, [tour.objectId]);
  if (rows === null) return <p className="studio-muted" role="status">{t('dial.loading')}</p>;
  if (rows === 'failed') return <p className="studio-error" role="alert">{t('callback.failed')}</p>;
  return (
    <section className="studio-card" data-testid="studio-callbacks">
      <h2>{t('console.callbacks')}</h2>
      {rows.length === 0 ? <p className="studio-muted">{t('console.no-callbacks')}</p> : (
        <CallbackTable callbacks={rows} showTour={false} className="studio-table" />
      )}
    </section>
  );
}
