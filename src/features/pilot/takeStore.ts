// A take that has not reached the server is kept in the browser (IndexedDB: audio is too large for localStorage), so
// a failed upload, a closed tab or an expired session never loses the pilot's walk. One take per tour.
import type { PilotRoute } from '../../protocol/pilot.ts';

export interface KeptTake {
  buildingId: string;
  /** Chosen once per take: a retried upload answers the recording the first attempt may already have made. */
  clientId: string;
  audio: Blob;
  route: PilotRoute;
  elapsedMs: number;
  title: string;
  language: string;
}

const DB = 'atrium-pilot';
const STORE = 'takes';

function open(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'buildingId' });
    req.onsuccess = () => resolve(req.result);
    // Private windows of some browsers refuse IndexedDB: the take then lives in memory only, for this visit.
    req.onerror = () => resolve(null);
  });
}

const memory = new Map<string, KeptTake>();

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  const db = await open();
  if (!db) return undefined;
  try {
    return await new Promise<T>((resolve, reject) => {
      const req = act(db.transaction(STORE, mode).objectStore(STORE));
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
    });
  } finally {
    db.close();
  }
}

export async function keepTake(take: KeptTake): Promise<void> {
  memory.set(take.buildingId, take);
  await run('readwrite', (s) => s.put(take)).catch(() => undefined);
}

export async function keptTake(buildingId: string): Promise<KeptTake | null> {
  const stored = await run<KeptTake | undefined>('readonly', (s) => s.get(buildingId) as IDBRequest<KeptTake | undefined>).catch(() => undefined);
  return stored ?? memory.get(buildingId) ?? null;
}

export async function forgetTake(buildingId: string): Promise<void> {
  memory.delete(buildingId);
  await run('readwrite', (s) => s.delete(buildingId)).catch(() => undefined);
}

/** A fresh id for a take (the server's clientId format: 8 to 64 of A-Z a-z 0-9 - _). */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
