import { lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ICONS } from '../xr/kit/icons.ts';
import { useXRPanel } from '../xr/registry.ts';
import { xrPanoramaPage, type PanoramaEntry } from './panoramaListModel.ts';

// The uikit view loads only when the list is opened inside a headset.
const XRPanoramaListPanel = lazy(() => import('./xr/XRPanoramaListPanel.tsx'));

/** Offers the panorama list in VR (menu slot 20): the same entries the panobar shows. */
export function useXRPanoramaList(entries: PanoramaEntry[], onSelect: (index: number) => void): void {
  const { t } = useTranslation();
  // null: open on the page of the current panorama; a page once the wearer turns pages.
  const [page, setPage] = useState<number | null>(null);
  const vm = useMemo(() => xrPanoramaPage(entries, page, {
    page: (n, count) => t('paging.page', { page: n, count }),
    previous: t('paging.previous'),
    next: t('paging.next'),
  }, {
    select: (index) => {
      setPage(null);
      onSelect(index);
    },
    page: setPage,
  }), [entries, page, t, onSelect]);
  useXRPanel(entries.length > 1 ? { id: 'panoramas', icon: ICONS.panoramas, title: t('panorama-list.title'), vm, View: XRPanoramaListPanel } : null);
}
