import { lazy, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tour } from '../../protocol/tour.ts';
import { ICONS } from '../xr/kit/icons.ts';
import { closeXRPanel, useXRPanel, useXRPanels } from '../xr/registry.ts';
import type { SearchHit } from './searchDocuments.ts';
import { searchViewModel } from './searchViewModel.ts';
import { useSearchState } from './useSearchState.ts';
import type { XRSearchPanelVM } from './xr/XRSearchPanel.tsx';

// The uikit view loads only when search is opened inside a VR session.
const XRSearchPanel = lazy(() => import('./xr/XRSearchPanel.tsx'));

export interface XRSearchEntryProps {
  tour: Tour;
  groupId: string | null;
  /** A result was chosen: go to its marker and open it (the viewer's part). */
  onChoose: (hit: SearchHit) => void;
}

/**
 * Offers marker search in VR (menu slot 40): mounted by the viewer during a session. The same search state and view
 * model as the DOM dialog; its worker runs only while the in-world panel is open.
 */
export function XRSearchEntry({ tour, groupId, onChoose }: XRSearchEntryProps) {
  const { t, i18n } = useTranslation('search');
  const open = useXRPanels().openId === 'search';
  const state = useSearchState(tour, groupId, i18n.language, open);
  const { setQuery } = state;
  const vm = useMemo<XRSearchPanelVM>(() => ({
    ...searchViewModel(state, t),
    query: state.query,
    act: {
      type: setQuery,
      choose: (hit) => {
        // The marker's panel takes the search panel's place (one panel at a time), beside the marker.
        closeXRPanel();
        onChoose(hit);
      },
    },
  }), [state, t, setQuery, onChoose]);
  useXRPanel({ id: 'search', icon: ICONS.search, title: vm.title, vm, View: XRSearchPanel });
  return null;
}
