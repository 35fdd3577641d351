// The page's one lounge connection, for the signed-in person on the tour (and panorama) the viewer shows, and the
// list kept across a reload so the panel never empties and refills while the page comes back.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { currentIdentity } from '../../api/httpClient.ts';
import type { PersonCard } from '../../protocol/lounge.ts';
import { useSession } from '../account/session.ts';
import { keptSessionToken } from '../account/sessionToken.ts';
import { consentStorage } from '../panels/consent.ts';
import { LoungeClient, type LoungeSnapshot } from './model/loungeClient.ts';

const KEPT_KEY = 'atrium.lounge.kept';
/** A kept list older than this is not "the page before the reload" any more. */
const KEPT_FOR_MS = 30_000;

interface Kept {
  tourId: string;
  at: number;
  online: PersonCard[];
}

function readKept(tourId: string): PersonCard[] {
  try {
    const kept = JSON.parse(consentStorage.getItem(KEPT_KEY) ?? 'null') as Kept | null;
    return kept && kept.tourId === tourId && Date.now() - kept.at < KEPT_FOR_MS ? kept.online : [];
  } catch {
    return [];
  }
}

/**
 * The session token the lounge connects with: the signed-in one, or the kept one while the session is still being
 * resumed (the server checks it at the handshake either way). Null for someone signed out.
 */
export function useLoungeToken(): string | null {
  const session = useSession();
  if (session.user) return currentIdentity()?.token ?? null;
  return keptSessionToken();
}

export function useLoungeClient(place: { tourId: string; groupId: string | null }, token: string | null, panoramaId: string | null, version: number): LoungeClient | null {
  const [client, setClient] = useState<LoungeClient | null>(null);
  const { tourId, groupId } = place;
  useEffect(() => {
    if (!token) return;
    const made = new LoungeClient({
      sessionToken: token,
      place: { tourId, groupId, panoramaId },
      kept: readKept(tourId),
      keep: (online) => consentStorage.setItem(KEPT_KEY, JSON.stringify({ tourId, at: Date.now(), online } satisfies Kept)),
    });
    setClient(made);
    return () => {
      made.close();
      setClient(null);
    };
    // The panorama is followed by move(); only who and which lounge make a new connection.
  }, [tourId, groupId, token, version]);
  useEffect(() => {
    if (client && panoramaId) client.move(panoramaId);
  }, [client, panoramaId]);
  return client;
}

const idle: LoungeSnapshot = { status: 'connecting', refusal: null, me: null, online: new Map(), relations: new Map(), people: new Map(), avatarLimit: 0, meetingsOn: false, meetingInvite: null, kept: false };
const noop = () => () => {};

export function useLoungeState(client: LoungeClient | null): LoungeSnapshot {
  return useSyncExternalStore(client?.subscribe ?? noop, client?.getState ?? (() => idle));
}
