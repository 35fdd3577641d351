import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveFavoritesCall } from '../../api/favorites.ts';
import { FavouriteHeart } from './FavouriteHeart.tsx';
import { useFavourites } from './model/favouritesStore.ts';

interface Props {
  companyId: string;
  buildingId: string;
}

/**
 * The company a marker belongs to (section 3's "company" favourites): its logo and name with a heart, under the
 * marker's panel. The name and logo come from the favourites' own resolve call (the same the dialog's thumbnails use),
 * so the viewer needs no company endpoint of its own; nothing shows where the tour offers no favourites.
 */
export function CompanyFavourite({ companyId, buildingId }: Props) {
  const { enabled } = useFavourites();
  const { i18n } = useTranslation('favourites');
  const lang = i18n.language;
  const [company, setCompany] = useState<{ name: string; logo: string | null } | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    resolveFavoritesCall([{ identifier: 'company', identifierId: companyId, buildingId }]).then(({ targets }) => {
      const t = targets[0];
      if (live && t) setCompany({ name: t.titleMulti[lang] || t.title, logo: t.image });
    }, () => {});
    return () => {
      live = false;
    };
  }, [enabled, companyId, buildingId, lang]);
  if (!enabled || !company) return null;
  return (
    <div className="atrium-company" data-testid="marker-company">
      {company.logo ? <img src={company.logo} alt="" /> : null}
      <strong>{company.name}</strong>
      <FavouriteHeart item={{ identifier: 'company', identifierId: companyId, buildingId }} name={company.name} />
    </div>
  );
}
