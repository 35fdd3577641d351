import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { showFavourites, useFavourites } from './model/favouritesStore.ts';
import { HeartIcon } from './HeartIcon.tsx';
import './favourites.css';

interface Props {
  /** Inside the narrow-screen menu (a labelled row) rather than a round icon button. */
  inMenu: boolean;
  closeMenu: () => void;
}

/** The favourites dialog's button in the float menu, with how many are saved; only where favourites are offered. */
export function FavouritesEntry(props: Props) {
  return (
    <Suspense fallback={null}>
      <Entry {...props} />
    </Suspense>
  );
}

function Entry({ inMenu, closeMenu }: Props) {
  const { t } = useTranslation('favourites');
  const state = useFavourites();
  if (!state.enabled) return null;
  const label = t('favourites.title');
  const count = state.entries.length;
  return (
    <button
      type="button" className={inMenu ? 'atrium-mobile-menu__item' : 'atrium-favourites-entry'} aria-pressed={state.dialog.visible}
      aria-label={inMenu ? undefined : label} title={inMenu ? undefined : label} data-testid="open-favourites"
      onClick={() => {
        closeMenu();
        showFavourites();
      }}
    >
      <HeartIcon filled={count > 0} />
      {inMenu && <span>{label}</span>}
      {count > 0 && <span className="atrium-favourites-entry__count" data-testid="favourites-count">{count}</span>}
    </button>
  );
}
