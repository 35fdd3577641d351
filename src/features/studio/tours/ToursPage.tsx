import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudioToursResponse, StudioTourSummary } from '../../../protocol/studio.ts';
import { STUDIO_LIMITS } from '../../../protocol/studio.ts';
import { createTour, listTours, restoreTour } from '../api/studioApi.ts';
import { useFailureMessage } from '../useFailureMessage.ts';
import { PropertiesEditor } from './PropertiesEditor.tsx';
import { DraftBadge } from '../editor/DraftStatus.tsx';
import { AccountUsage } from './AccountUsage.tsx';

/** /studio: the headquarter's tours, a form for a new one, the removed ones with Restore, and the groups. */
export function ToursPage({ navigate }: { navigate: (path: string) => void }) {
  const { t } = useTranslation('studio');
  const failure = useFailureMessage();
  const [data, setData] = useState<StudioToursResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(() => listTours().then(setData, (e: unknown) => setError(failure(e))), [failure]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setNameError(t('tours.name-required'));
    setBusy(true);
    try {
      const tour = await createTour(name.trim());
      navigate(`/studio/${tour.objectId}`);
    } catch (err) {
      setNameError(failure(err));
    } finally {
      setBusy(false);
    }
  };

  const restore = async (tour: StudioTourSummary) => {
    try {
      await restoreTour(tour.objectId);
      await reload();
    } catch (err) {
      setError(failure(err));
    }
  };

  return (
    <div className="studio-stack">
      <div className="studio-row studio-between">
        <h1>{t('tours.title')}</h1>
        <button type="button" className="studio-button studio-primary" onClick={() => setCreating(true)} data-testid="studio-new-tour">{t('tours.new')}</button>
      </div>
      {error ? <p className="studio-error" role="alert">{error}</p> : null}
      {creating ? (
        <form className="studio-card studio-stack" onSubmit={(e) => void submit(e)} noValidate>
          <label className="studio-field">
            <span>{t('tours.name')}</span>
            <input
              data-testid="studio-tour-name" value={name} maxLength={STUDIO_LIMITS.nameLength} autoFocus
              aria-invalid={nameError ? true : undefined} aria-describedby={nameError ? 'studio-new-name-error' : undefined}
              onChange={(e) => { setName(e.target.value); setNameError(null); }}
            />
            {nameError ? <span id="studio-new-name-error" className="studio-field-error">{nameError}</span> : null}
          </label>
          <div className="studio-row">
            <button type="submit" className="studio-button studio-primary" disabled={busy} data-testid="studio-create-tour">{t('tours.create')}</button>
            <button type="button" className="studio-button" onClick={() => setCreating(false)}>{t('common.cancel')}</button>
          </div>
        </form>
      ) : null}
      {!data ? <p className="studio-muted" role="status">{t('page.loading')}</p> : (
        <>
          {data.tours.length === 0 ? <p className="studio-muted">{t('tours.empty')}</p> : (
            <ul className="studio-tour-grid" data-testid="studio-tours">
              {data.tours.map((tour) => (
                <li key={tour.objectId} className="studio-card studio-tour-card" data-testid="studio-tour-card">
                  {tour.thumbnail ? <img src={tour.thumbnail} alt="" /> : <div className="studio-thumb-empty" aria-hidden="true" />}
                  <a href={`/studio/${tour.objectId}`} onClick={(e) => { e.preventDefault(); navigate(`/studio/${tour.objectId}`); }}>{tour.name}</a>
                  {tour.draft ? <DraftBadge /> : null}
                  <span className="studio-muted">{t('tours.panorama-count', { count: tour.panoramaCount })}{tour.hidden ? ` · ${t('tours.hidden')}` : ''}{tour.isOffline ? ` · ${t('tours.offline')}` : ''}</span>
                </li>
              ))}
            </ul>
          )}
          <AccountUsage usage={data.usage} />
          <PropertiesEditor tours={data.tours} properties={data.properties} onChanged={() => void reload()} />
          {data.removed.length > 0 ? (
            <section className="studio-stack" aria-labelledby="studio-removed-title">
              <h2 id="studio-removed-title">{t('tours.removed')}</h2>
              <ul className="studio-list">
                {data.removed.map((tour) => (
                  <li key={tour.objectId} className="studio-row studio-between" data-testid="studio-removed-tour">
                    <span>{tour.name}</span>
                    <button type="button" className="studio-button" onClick={() => void restore(tour)}>{t('tours.restore')}</button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
