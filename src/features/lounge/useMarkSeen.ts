import { useEffect, useRef } from 'react';
import type { LoungeClient } from './model/loungeClient.ts';
import type { LoungeRowVM } from './model/loungeViewModel.ts';

/** Tells the server once per invitation that its receiver's panel showed it (section 4's "wait to be confirmed"). */
export function useMarkSeen(client: LoungeClient | null, rows: readonly LoungeRowVM[], shown: boolean): void {
  const seen = useRef(new Set<string>());
  useEffect(() => {
    if (!client || !shown) return;
    for (const row of rows) {
      const id = row.invitationId;
      if (row.state !== 'received' || !id || seen.current.has(id)) continue;
      seen.current.add(id);
      void client.seen(id).catch(() => seen.current.delete(id));
    }
  }, [client, rows, shown]);
}
