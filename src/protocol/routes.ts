/**
 * The spec's routes (history mode), parsed from a path. Pure, so the server's deep-link answer and the client
 * agree on what a path means.
 *   /tour-ring/{buildingId}   /login   /signup   /{buildingId?}   /{buildingId}/{partner segment}
 *   /analytics/{buildingId} (the owner's visitor statistics)
 *   /console (a guide's console: takes tour-ring calls)
 *   /booking?key= (a booking's manage page, linked from its confirmation mail)   /guide-invite?token= (a guide invitation)
 *   /studio (the owner's tours)   /studio/{buildingId} (the tour editor)   /studio/inbox (the chat inbox)
 *   /studio/settings (the owner's settings)
 * The route named "default" (/ or /default) has no tour id: the viewer opens the instance's default tour.
 */
export const PARTNER_SEGMENT = 'partner';

export type Route =
  | { name: 'default' }
  | { name: 'viewer'; buildingId: string; partner: boolean }
  | { name: 'tour-ring'; buildingId: string }
  | { name: 'login' }
  | { name: 'signup' }
  | { name: 'studio' }
  | { name: 'studio-tour'; buildingId: string }
  | { name: 'studio-inbox' }
  | { name: 'studio-settings' }
  | { name: 'console' }
  | { name: 'booking' }
  | { name: 'guide-invite' }
  | { name: 'analytics'; buildingId: string }
  | { name: 'not-found' };

const ID = /^[A-Za-z0-9_-]{1,64}$/;

export function parseRoute(pathname: string): Route {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [first, second, ...rest] = parts;
  if (rest.length > 0) return { name: 'not-found' };
  if (first === undefined || first === 'default') return second === undefined ? { name: 'default' } : { name: 'not-found' };
  if (first === 'login' && second === undefined) return { name: 'login' };
  if (first === 'signup' && second === undefined) return { name: 'signup' };
  if (first === 'console' && second === undefined) return { name: 'console' };
  if (first === 'booking' && second === undefined) return { name: 'booking' };
  if (first === 'guide-invite' && second === undefined) return { name: 'guide-invite' };
  if (first === 'studio') {
    if (second === undefined) return { name: 'studio' };
    // The organiser's chat inbox (tour ids are random: none is called that).
    if (second === 'inbox') return { name: 'studio-inbox' };
    if (second === 'settings') return { name: 'studio-settings' };
    return ID.test(second) ? { name: 'studio-tour', buildingId: second } : { name: 'not-found' };
  }
  if (first === 'analytics') return second && ID.test(second) ? { name: 'analytics', buildingId: second } : { name: 'not-found' };
  if (first === 'tour-ring') return second && ID.test(second) ? { name: 'tour-ring', buildingId: second } : { name: 'not-found' };
  if (!ID.test(first)) return { name: 'not-found' };
  if (second === undefined) return { name: 'viewer', buildingId: first, partner: false };
  return second === PARTNER_SEGMENT ? { name: 'viewer', buildingId: first, partner: true } : { name: 'not-found' };
}

export function viewerPath(buildingId: string, partner = false): string {
  return `/${encodeURIComponent(buildingId)}${partner ? `/${PARTNER_SEGMENT}` : ''}`;
}

export function analyticsPath(buildingId: string): string {
  return `/analytics/${encodeURIComponent(buildingId)}`;
}

export function tourRingPath(buildingId: string): string {
  return `/tour-ring/${encodeURIComponent(buildingId)}`;
}
