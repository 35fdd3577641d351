import { lazy, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tour } from '../../protocol/tour.ts';
import { ICONS } from '../xr/kit/icons.ts';
import { useXRPanel, useXRPanels } from '../xr/registry.ts';
import { buildingInfoViewModel, type BuildingInfoViewModel } from './buildingInfoModel.ts';
import { floorPlanViewModel, type FloorPlanViewModel } from './floorPlanModel.ts';
import { infoViewModel, type InfoViewModel } from './infoModel.ts';
import { ownerInfoViewModel, type OwnerInfoViewModel } from './ownerInfoModel.ts';
import type { PanelId } from './panelIds.ts';
import { shareViewModel, type ShareViewModel } from './shareModel.ts';
import { useOwnerContact } from './useOwnerContact.ts';
import { themePickerViewModel, type ThemePickerViewModel } from '../theme/themePickerModel.ts';
import { chooseVisitorTheme, useVisitorTheme } from '../theme/visitorTheme.ts';

// In-world twins: loaded only when opened inside a VR session (the registry keeps just a reference).
const XRInfoPanel = lazy(() => import('./xr/XRInfoPanel.tsx'));
const XRBuildingInfoPanel = lazy(() => import('./xr/XRBuildingInfoPanel.tsx'));
const XROwnerInfoPanel = lazy(() => import('./xr/XROwnerInfoPanel.tsx'));
const XRFloorPlanPanel = lazy(() => import('./xr/XRFloorPlanPanel.tsx'));
const XRSharePanel = lazy(() => import('./xr/XRSharePanel.tsx'));
const XRThemePanel = lazy(() => import('../theme/xr/XRThemePanel.tsx'));

export interface PanelModels {
  info: InfoViewModel;
  building: BuildingInfoViewModel;
  owner: OwnerInfoViewModel;
  floorplan: FloorPlanViewModel;
  share: ShareViewModel;
  theme: ThemePickerViewModel;
}

interface Options {
  tour: Tour;
  panels: readonly PanelId[];
  /** The panel open on the flat screen. */
  open: PanelId | null;
  index: number;
  onSelectPanorama: (index: number) => void;
  groupId: string | null;
}

/**
 * The view model of every float-menu panel, each computed once and drawn twice: by the flat dialog and, offered
 * through the XR registry (src/features/xr/registry.ts), by its in-world twin (menu slots 10, 12, 14, 30, 60, 65).
 */
export function usePanelModels({ tour, panels, open, index, onSelectPanorama, groupId }: Options): PanelModels {
  const { t, i18n } = useTranslation('panels');
  const lang = i18n.language;
  const xrOpen = useXRPanels().openId;
  const contact = useOwnerContact(tour, groupId, panels.includes('owner'), open === 'owner' || xrOpen === 'owner');
  const themeChoice = useVisitorTheme();
  const href = location.href; // read at each render: the viewer re-renders the panels when the visitor moves
  const models = {
    info: useMemo(() => infoViewModel(tour, lang, { credits: t('info.credits') }), [tour, lang, t]),
    building: useMemo(() => buildingInfoViewModel(tour, lang, {
      productNumber: t('building.product-number'), panoramas: t('building.panoramas'), coordinates: t('building.coordinates'), updated: t('building.updated'),
    }), [tour, lang, t]),
    owner: useMemo(() => ownerInfoViewModel(contact, {
      name: t('owner.name'), organisation: t('owner.organisation'), email: t('owner.email'), loading: t('owner.loading'), none: t('owner.no-contact'),
    }), [contact, t]),
    floorplan: useMemo(() => floorPlanViewModel(tour, index, {
      title: t('floorplan.title'), hint: t('floorplan.hint'), go: (name) => t('floorplan.go', { name }), current: (name) => t('floorplan.current', { name }),
    }, onSelectPanorama), [tour, index, t, onSelectPanorama]),
    share: useMemo(() => shareViewModel(href, { qr: t('share.qr'), link: t('share.link') }), [href, t]),
    theme: useMemo(() => themePickerViewModel(tour.themeColor, themeChoice, {
      hint: t('theme.hint'), tourOwn: t('theme.tour'), name: (name) => t(`theme.${name}`),
    }, chooseVisitorTheme), [tour.themeColor, themeChoice, t]),
  };
  const offered = (id: PanelId) => panels.includes(id);
  useXRPanel({ id: 'info', icon: ICONS.info, title: t('info.title'), vm: models.info, View: XRInfoPanel });
  useXRPanel(offered('building') ? { id: 'building', icon: ICONS.building, title: t('building.title'), vm: models.building, View: XRBuildingInfoPanel } : null);
  useXRPanel(offered('owner') ? { id: 'owner', icon: ICONS.person, title: t('owner.title'), vm: models.owner, View: XROwnerInfoPanel } : null);
  useXRPanel(offered('floorplan') ? { id: 'floorplan', icon: ICONS.floorPlan, title: t('floorplan.title'), vm: models.floorplan, View: XRFloorPlanPanel } : null);
  useXRPanel(offered('theme') ? { id: 'theme', icon: ICONS.palette, title: t('theme.title'), vm: models.theme, View: XRThemePanel } : null);
  useXRPanel(offered('share') ? { id: 'share', icon: ICONS.share, title: t('share.title'), vm: models.share, View: XRSharePanel } : null);
  return models;
}
