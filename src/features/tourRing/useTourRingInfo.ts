import { useEffect, useState } from 'react';
import type { TourRingInfo } from '../../protocol/tourRing.ts';
import { tourRingInfo } from './tourRingApi.ts';

/** The tour's ring facts; null while loading, 'failed' when the tour cannot be found or reached. */
export function useTourRingInfo(buildingId: string): TourRingInfo | null | 'failed' {
  const [info, setInfo] = useState<TourRingInfo | null | 'failed'>(null);
  useEffect(() => {
    let live = true;
    setInfo(null);
    tourRingInfo(buildingId).then((answer) => live && setInfo(answer), () => live && setInfo('failed'));
    return () => {
      live = false;
    };
  }, [buildingId]);
  return info;
}
