import { useEffect, useState } from 'react';
import { bookingApi } from './bookingApi.ts';

// One small question per tour and page: does any guide work for this tour? The flat menu's button and the in-world
// panel both ask; the answer is shared.
const asked = new Map<string, Promise<boolean>>();

function bookingOffered(buildingId: string): Promise<boolean> {
  let answer = asked.get(buildingId);
  if (!answer) {
    answer = bookingApi.slots(buildingId, { days: 1 }).then((a) => a.languages.length > 0, () => false);
    asked.set(buildingId, answer);
  }
  return answer;
}

/** Whether the tour offers the booking calendar (false until known). */
export function useBookingOffered(buildingId: string): boolean {
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    let live = true;
    void bookingOffered(buildingId).then((yes) => live && setOffered(yes));
    return () => {
      live = false;
    };
  }, [buildingId]);
  return offered;
}
