import { useEffect, useState } from 'react';
import type { BuildingAnalytics } from '../../protocol/analytics.ts';
import { HttpError } from '../../api/httpClient.ts';
import { restoreSession, useSession } from '../account/session.ts';
import { buildingAnalytics, type DayRangeQuery } from './analyticsApi.ts';

export type AnalyticsState =
  | { kind: 'loading' }
  | { kind: 'signed-out' }
  | { kind: 'forbidden' }
  | { kind: 'failed' }
  | { kind: 'ready'; data: BuildingAnalytics };

/** Resumes the kept session, then loads the figures; answers what the page should show. */
export function useBuildingAnalytics(buildingId: string, range: DayRangeQuery, attempt: number): AnalyticsState {
  const session = useSession();
  const [restored, setRestored] = useState(false);
  const [state, setState] = useState<AnalyticsState>({ kind: 'loading' });
  useEffect(() => {
    void restoreSession().finally(() => setRestored(true));
  }, []);
  const userId = session.user?.id ?? null;
  useEffect(() => {
    if (!restored) return;
    if (!userId) return setState({ kind: 'signed-out' });
    let cancelled = false;
    setState({ kind: 'loading' });
    buildingAnalytics(buildingId, range).then(
      (data) => !cancelled && setState({ kind: 'ready', data }),
      (error: unknown) => {
        if (cancelled) return;
        if (error instanceof HttpError && error.status === 401) setState({ kind: 'signed-out' });
        else if (error instanceof HttpError && error.status === 403) setState({ kind: 'forbidden' });
        else setState({ kind: 'failed' });
      },
    );
    return () => { cancelled = true; };
  }, [restored, userId, buildingId, range.from, range.to, attempt]);
  return state;
}
