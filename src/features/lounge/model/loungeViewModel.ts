// What the lounge panel shows, UI-free: the DOM panel and the in-world panel render this same model.
import type { TFunction } from 'i18next';
import { isConnected, LOUNGE_SORTS, type LoungeSort, type PersonContact, type Relation } from '../../../protocol/lounge.ts';
import { connectionRows, filterRows, onlineRows, sortRows, type LoungeRow } from './loungeList.ts';
import type { LoungeSnapshot, LoungeStatus } from './loungeClient.ts';

export type LoungeTab = 'online' | 'connections';
export type LoungeAction = 'invite' | 'accept' | 'reject' | 'withdraw' | 'block' | 'unblock' | 'chat' | 'meet';

export interface LoungeRowVM {
  userId: string;
  name: string;
  initials: string;
  portrait: string | null;
  /** "Company · occupation", either may be missing. */
  detail: string;
  role: string;
  /** Where they are ("Tour · Panorama"), or "offline". */
  place: string;
  online: boolean;
  state: Relation['state'];
  /** The relation in words ("Invitation sent"), empty when there is none. */
  stateLabel: string;
  blocked: boolean;
  invitationId: string | null;
  note: string | null;
  contact: PersonContact | null;
  actions: LoungeAction[];
}

export interface LoungeViewModel {
  status: LoungeStatus;
  tab: LoungeTab;
  sort: LoungeSort;
  query: string;
  rows: LoungeRowVM[];
  counts: Record<LoungeTab, number>;
  /** Invitations waiting for my answer (the button's badge). */
  pending: number;
  kept: boolean;
}

export interface LoungeUi {
  tab: LoungeTab;
  sort: LoungeSort;
  query: string;
}

type T = TFunction<'lounge'>;

/**
 * Which buttons a row offers, by section 4's state: a rejected pair never gets another invitation. Connections may
 * message (where the tour has chat) and, while they are online and meetings are on, start a video meeting.
 */
export function actionsFor(relation: Relation | null, online: boolean, chat: boolean, meet = false): LoungeAction[] {
  if (relation?.blocked) return ['unblock'];
  const state = relation?.state ?? 'none';
  const main: LoungeAction[] =
    state === 'none' ? (online ? ['invite'] : [])
      : state === 'sent' || state === 'wait-confirm' ? ['withdraw']
        : state === 'received' ? ['accept', 'reject']
          : isConnected(state) ? [...(chat ? ['chat' as const] : []), ...(meet && online ? ['meet' as const] : [])] : [];
  return [...main, 'block'];
}

export const initials = (name: string): string =>
  name.split(/\s+/u).filter(Boolean).slice(0, 2).map((w) => [...w][0]?.toLocaleUpperCase() ?? '').join('') || '?';

function rowVM(row: LoungeRow, t: T, chat: boolean, meet: boolean): LoungeRowVM {
  const { person, relation, online } = row;
  const state = relation?.state ?? 'none';
  const place = person.place
    ? [person.place.tourName, person.place.panoramaName].filter(Boolean).join(' · ')
    : t(online ? 'lounge.place-unknown' : 'lounge.offline');
  return {
    userId: person.userId,
    name: person.name,
    initials: initials(person.name),
    portrait: person.portrait,
    detail: [person.company, person.occupation].filter(Boolean).join(' · '),
    role: t(`lounge.role-${person.role}` as const),
    place,
    online,
    state,
    stateLabel: relation?.blocked ? t('lounge.state-blocked') : state === 'none' ? '' : t(`lounge.state-${state}` as const),
    blocked: relation?.blocked ?? false,
    invitationId: relation?.invitationId ?? null,
    note: relation?.note ?? null,
    contact: relation && isConnected(state) ? relation.contact : null,
    actions: actionsFor(relation, online, chat, meet),
  };
}

export function loungeViewModel(snapshot: LoungeSnapshot, ui: LoungeUi, t: T, lang: string, chat: boolean): LoungeViewModel {
  const online = onlineRows(snapshot.online, snapshot.relations);
  const connections = connectionRows(snapshot.people, snapshot.online, snapshot.relations);
  const listed = ui.tab === 'online' ? online : connections;
  const sort = (LOUNGE_SORTS as readonly string[]).includes(ui.sort) ? ui.sort : 'name-asc';
  return {
    status: snapshot.status,
    tab: ui.tab,
    sort,
    query: ui.query,
    rows: sortRows(filterRows(listed, ui.query), sort, lang).map((row) => rowVM(row, t, chat, snapshot.meetingsOn)),
    counts: { online: online.length, connections: connections.length },
    pending: [...snapshot.relations.values()].filter((r) => r.state === 'received' && !r.blocked).length,
    kept: snapshot.kept,
  };
}
