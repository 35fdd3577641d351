import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PanoramaEntry } from '../features/panoramaList/panoramaListModel.ts';
import type { Panorama } from '../protocol/tour.ts';

interface Props {
  /** panoramaEntries(): the same entries the in-world list shows. */
  entries: readonly PanoramaEntry[];
  panoramas: readonly Panorama[];
  open: boolean;
  onToggle: () => void;
  onSelect: (index: number) => void;
  /** Drawn beside each entry's button (a lazy feature's control, e.g. the favourites heart; never inside the button). */
  entryExtra?: (panorama: Panorama) => ReactNode;
}

/** The panobar: thumbnails, names and room categories; the current one is marked for screen readers too. */
export function PanoramaList({ entries, panoramas, open, onToggle, onSelect, entryExtra }: Props) {
  const { t } = useTranslation();
  return (
    <nav className={`atrium-panobar${open ? ' is-open' : ''}`} aria-label={t('panorama-list.title')}>
      <button type="button" className="atrium-panobar__toggle" aria-expanded={open} onClick={onToggle} data-testid="panobar-toggle">
        {open ? t('panorama-list.close') : t('panorama-list.open')}
      </button>
      {open && (
        <ol className="atrium-panobar__list" data-testid="panobar">
          {entries.map((e) => (
            <li key={e.objectId}>
              <button type="button" aria-current={e.current ? 'true' : undefined} onClick={() => onSelect(e.index)} title={e.name}>
                {e.thumbnail && <img src={e.thumbnail} alt="" loading="lazy" width={96} height={96} />}
                <span className="atrium-panobar__name">{e.name}</span>
                <span className="atrium-panobar__room">{e.room}</span>
              </button>
              {entryExtra?.(panoramas[e.index]!)}
            </li>
          ))}
        </ol>
      )}
    </nav>
  );
}
