import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { has } from './model/favouritesList.ts';
import { toggleFavourite, type FavouriteItem } from './model/favouritesController.ts';
import { useFavourites } from './model/favouritesStore.ts';
import { HeartIcon } from './HeartIcon.tsx';
import './favourites.css';

interface Props {
  item: FavouriteItem;
  /** The item's name, for screen readers ("Keep Sofa in favourites"). */
  name: string;
  className?: string;
}

/** The heart on a marker panel or a panorama list entry: shown only where the tour (or its group) offers favourites. */
export function FavouriteHeart(props: Props) {
  return (
    <Suspense fallback={null}>
      <Heart {...props} />
    </Suspense>
  );
}

function Heart({ item, name, className }: Props) {
  const { t } = useTranslation('favourites');
  const state = useFavourites();
  if (!state.enabled) return null;
  const saved = has(state.entries, item);
  // One label and a pressed state (a toggle button), rather than a label that changes under the visitor's finger.
  const label = t('favourites.heart', { name });
  return (
    <button
      type="button" className={`atrium-heart${saved ? ' is-saved' : ''}${className ? ` ${className}` : ''}`}
      aria-pressed={saved} aria-label={label} title={label} data-testid="favourite-heart"
      onClick={(e) => {
        e.stopPropagation();
        void toggleFavourite(item);
      }}
    >
      <HeartIcon filled={saved} />
    </button>
  );
}
