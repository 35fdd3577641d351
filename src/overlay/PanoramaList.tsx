import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Panorama } from '../protocol/tour.ts';

interface Props {
  panoramas: readonly Panorama[];
  current: number;
  open: boolean;
  onToggle: () => void;
  onSelect: (index: number) => void;
  /** Drawn beside each entry's button (a lazy feature's control, e.g. the favourites heart; never inside the button). */
  entryExtra?: (panorama: Panorama) => ReactNode;
}

/** The panobar: thumbnails, names and room categories; the current one is marked for screen readers too. */
export function PanoramaList({ panoramas, current, open, onToggle, onSelect, entryExtra }: Props) {
  const { t } = useTranslation();
  return (
    <nav className={`atrium-panobar${open ? ' is-open' : ''}`} aria-label={t('panorama-list.title')}>
      <button type="button" className="atrium-panobar__toggle" aria-expanded={open} onClick={onToggle} data-testid="panobar-toggle">
        {open ? t('panorama-list.close') : t('panorama-list.open')}
      </button>
      {open && (
        <ol className="atrium-panobar__list" data-testid="panobar">
          {panoramas.map((p, i) => (
            <li key={p.objectId}>
              <button type="button" aria-current={i === current ? 'true' : undefined} onClick={() => onSelect(i)} title={p.name}>
                {p.thumbnail && <img src={p.thumbnail} alt="" loading="lazy" width={96} height={96} />}
                <span className="atrium-panobar__name">{p.name}</span>
                <span className="atrium-panobar__room">{p.category === 'custom' ? (p.customCategory ?? t('room.custom')) : t(`room.${p.category}`)}</span>
              </button>
              {entryExtra?.(p)}
            </li>
          ))}
        </ol>
      )}
    </nav>
  );
}
