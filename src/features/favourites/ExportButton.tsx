import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportFavoritesCall } from '../../api/favorites.ts';
import { toLocal } from './model/favouritesList.ts';
import { favouritesState } from './model/favouritesStore.ts';

/** "Export as PDF": the server draws it (fonts for every script live there); the browser saves the file. */
export function ExportButton({ tourId }: { tourId: string }) {
  const { t, i18n } = useTranslation('favourites');
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const run = async () => {
    setState('busy');
    try {
      // An anonymous visitor's list is only in this browser: it goes with the request.
      const items = favouritesState.owner === null ? favouritesState.entries.map(toLocal) : undefined;
      const blob = await exportFavoritesCall({ buildingId: tourId, locale: i18n.language as never, ...(items ? { items } : {}) });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = 'favourites.pdf';
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="atrium-favourites__export">
      <button type="button" disabled={state === 'busy'} onClick={() => void run()} data-testid="favourites-export">
        {state === 'busy' ? t('favourites.exporting') : t('favourites.export')}
      </button>
      {state === 'failed' && <span role="alert" className="atrium-favourites__problem">{t('favourites.export-failed')}</span>}
    </div>
  );
}
