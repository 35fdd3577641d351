// The lounge panel in the headset, as data: the same LoungeViewModel as the DOM panel, cut into pages a wearer
// reads at once, with its sentences already translated (the uikit view has no i18n of its own).
import type { TFunction } from 'i18next';
import { LOUNGE_SORTS, type LoungeSort } from '../../../protocol/lounge.ts';
import type { LoungeAction, LoungeRowVM, LoungeViewModel } from './loungeViewModel.ts';

/**
 * People per page: a row (name, line, state, its buttons) stands about 200 mm tall in the headset, so three rows and
 * the tabs keep the panel near 800 mm, above the menu rather than down to it.
 */
export const XR_LOUNGE_ROWS = 3;

export interface XRLoungeRow {
  userId: string;
  name: string;
  /** "Role · company · occupation". */
  line: string;
  place: string;
  state: string;
  /** Actions a ray can press; "chat" stays on the flat screen (typing). */
  actions: Array<{ action: Exclude<LoungeAction, 'chat'>; label: string }>;
}

export interface XRLoungeVM {
  status: string | null;
  sortLabel: string;
  /** The switch for other people's heads in the scene: says what pressing it does. */
  avatarsLabel: string;
  tabs: Array<{ tab: LoungeViewModel['tab']; label: string; selected: boolean }>;
  rows: XRLoungeRow[];
  empty: string | null;
  page: number;
  pages: number;
  pageLabel: string;
  previous: string;
  next: string;
}

/** The next of section 4's sort orders: one button cycles through them in a headset. */
export const nextSort = (sort: LoungeSort): LoungeSort => LOUNGE_SORTS[(LOUNGE_SORTS.indexOf(sort) + 1) % LOUNGE_SORTS.length]!;

function xrRow(row: LoungeRowVM, t: TFunction<'lounge'>): XRLoungeRow {
  return {
    userId: row.userId,
    name: row.name,
    line: [row.role, row.detail].filter(Boolean).join(' · '),
    place: row.place,
    state: row.stateLabel,
    actions: row.actions.filter((a): a is Exclude<LoungeAction, 'chat'> => a !== 'chat').map((action) => ({ action, label: t(`lounge.action-${action}` as const) })),
  };
}

export function xrLoungeModel(vm: LoungeViewModel, page: number, t: TFunction<'lounge'>, avatarsShown = true): XRLoungeVM {
  const pages = Math.max(1, Math.ceil(vm.rows.length / XR_LOUNGE_ROWS));
  const current = Math.min(Math.max(0, page), pages - 1);
  return {
    status: vm.status === 'offline' ? t('lounge.offline-status') : vm.status === 'refused' ? t('lounge.refused') : vm.status === 'ticket-required' ? t('lounge.ticket-needed') : null,
    sortLabel: `${t('lounge.sort')}: ${t(`lounge.sort-${vm.sort}` as const)}`,
    avatarsLabel: t(avatarsShown ? 'lounge.hide-avatars' : 'lounge.show-avatars'),
    tabs: (['online', 'connections'] as const).map((tab) => ({ tab, label: t(`lounge.tab-${tab}` as const, { n: vm.counts[tab] }), selected: vm.tab === tab })),
    rows: vm.rows.slice(current * XR_LOUNGE_ROWS, (current + 1) * XR_LOUNGE_ROWS).map((row) => xrRow(row, t)),
    empty: vm.rows.length === 0 ? t(vm.tab === 'online' ? 'lounge.nobody-online' : 'lounge.no-connections') : null,
    page: current,
    pages,
    pageLabel: t('lounge.page', { page: current + 1, count: pages }),
    previous: t('lounge.previous'),
    next: t('lounge.next'),
  };
}
