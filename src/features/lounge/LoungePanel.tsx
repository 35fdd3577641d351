import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOUNGE_SORTS, type LoungeSort } from '../../protocol/lounge.ts';
import { useDialogFocus } from '../panels/useDialogFocus.ts';
import { LoungePersonRow } from './LoungePersonRow.tsx';
import { FavouriteHeart } from '../favourites/FavouriteHeart.tsx';
import { TicketForm } from './TicketForm.tsx';
import { LoungeRefusal, type LoungeClient } from './model/loungeClient.ts';
import type { LoungeAction, LoungeRowVM, LoungeUi, LoungeViewModel } from './model/loungeViewModel.ts';

export interface LoungePanelProps {
  vm: LoungeViewModel;
  client: LoungeClient | null;
  signedIn: boolean;
  place: { tourId: string; groupId: string | null };
  onUi: (next: Partial<LoungeUi>) => void;
  /** Other people's heads in the scene are drawn (the visitor may hide them). */
  avatarsShown: boolean;
  onAvatarsShown: (shown: boolean) => void;
  /** A ticket was accepted: the lounge connects again. */
  onTicket: () => void;
  /** Opens the direct conversation with a connection in the chat box. */
  onChat: (userId: string) => void;
  /** Starts a video meeting with a connection (the page goes to it). */
  onMeet: (userId: string) => Promise<void>;
  onClose: () => void;
}

/** The server's refusals the panel words itself (its own sentences are English). */
const ERROR_KEYS: Record<string, 'blocked' | 'rejected' | 'conflict' | 'not-found' | 'validation'> = {
  BLOCKED: 'blocked', INVITATION_REJECTED: 'rejected', CONFLICT: 'conflict', NOT_FOUND: 'not-found', VALIDATION_FAILED: 'validation',
};

/** Runs a row's action on the lounge connection (invite carries its note). */
export function runAction(client: LoungeClient, row: LoungeRowVM, action: Exclude<LoungeAction, 'invite' | 'chat' | 'meet'>): Promise<void> {
  const id = row.invitationId ?? '';
  switch (action) {
    case 'accept': return client.accept(id);
    case 'reject': return client.reject(id);
    case 'withdraw': return client.withdraw(id);
    case 'block': return client.block(row.userId);
    case 'unblock': return client.unblock(row.userId);
  }
}

export function LoungePanel({ vm, client, signedIn, place, onUi, avatarsShown, onAvatarsShown, onTicket, onChat, onMeet, onClose }: LoungePanelProps) {
  const { t } = useTranslation('lounge');
  const box = useDialogFocus<HTMLDivElement>(onClose);
  const [error, setError] = useState<string | null>(null);
  const act = async (run: () => Promise<void>) => {
    setError(null);
    try {
      await run();
    } catch (e) {
      const key = (e instanceof LoungeRefusal && ERROR_KEYS[e.code]) || (e instanceof LoungeRefusal && e.code === 'MEETINGS_OFF' ? 'meet' : 'other');
      setError(t(`lounge.error-${key}`));
    }
  };

  const needsTicket = !signedIn || vm.status === 'ticket-required';
  return (
    <div ref={box} tabIndex={-1} className="atrium-lounge" role="dialog" aria-label={t('lounge.title')} data-testid="lounge-panel" data-status={vm.status}
      onKeyDown={(e) => { e.stopPropagation(); if (e.key === 'Escape') onClose(); }}>
      <header className="atrium-lounge__header">
        <h2>{t('lounge.title')}</h2>
        <button type="button" className="atrium-lounge__close" aria-label={t('lounge.close')} onClick={onClose} data-testid="lounge-close">✕</button>
      </header>
      {needsTicket ? (
        <TicketForm place={place} signedIn={signedIn} onDone={onTicket} />
      ) : (
        <>
          {vm.status === 'refused' && <p className="atrium-lounge__note" role="alert">{t('lounge.refused')}</p>}
          {vm.status === 'offline' && <p className="atrium-lounge__note" role="status">{t('lounge.offline-status')}</p>}
          <div className="atrium-lounge__tabs" role="tablist">
            {(['online', 'connections'] as const).map((tab) => (
              <button key={tab} type="button" role="tab" aria-selected={vm.tab === tab} onClick={() => onUi({ tab })} data-testid={`lounge-tab-${tab}`}>
                {t(`lounge.tab-${tab}`, { n: vm.counts[tab] })}
              </button>
            ))}
          </div>
          <div className="atrium-lounge__tools">
            <input type="search" value={vm.query} onChange={(e) => onUi({ query: e.target.value })} placeholder={t('lounge.filter')} aria-label={t('lounge.filter')} data-testid="lounge-filter" />
            <label>
              <span>{t('lounge.sort')}</span>
              <select value={vm.sort} onChange={(e) => onUi({ sort: e.target.value as LoungeSort })} data-testid="lounge-sort">
                {LOUNGE_SORTS.map((s) => <option key={s} value={s}>{t(`lounge.sort-${s}`)}</option>)}
              </select>
            </label>
          </div>
          <label className="atrium-lounge__switch">
            <input type="checkbox" checked={avatarsShown} onChange={(e) => onAvatarsShown(e.target.checked)} data-testid="lounge-avatars-toggle" />
            <span>{t('lounge.show-avatars')}</span>
          </label>
          {error && <p className="atrium-lounge__error" role="alert" data-testid="lounge-error">{error}</p>}
          <ul className="atrium-lounge__list" aria-busy={vm.kept} data-testid="lounge-list">
            {vm.rows.map((row) => (
              <LoungePersonRow
                key={row.userId}
                row={row}
                onInvite={(note) => act(() => client!.invite(row.userId, note))}
                onAction={(action) => act(() => runAction(client!, row, action))}
                onChat={() => onChat(row.userId)}
                onMeet={() => act(() => onMeet(row.userId))}
                // Section 3's "user" favourites: the person, saved from this tour (whose flag allows them).
                favourite={<FavouriteHeart item={{ identifier: 'user', identifierId: row.userId, buildingId: place.tourId }} name={row.name} className="atrium-lounge__heart" />}
              />
            ))}
          </ul>
          {vm.rows.length === 0 && (
            <p className="atrium-lounge__empty" data-testid="lounge-empty">
              {vm.query ? t('lounge.no-match') : t(vm.tab === 'online' ? 'lounge.nobody-online' : 'lounge.no-connections')}
            </p>
          )}
        </>
      )}
    </div>
  );
}
