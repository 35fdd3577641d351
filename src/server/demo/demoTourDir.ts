import { fileURLToPath } from 'node:url';

/**
 * The demo tour as committed to the repository (tour.json, panoramas, media): made once by
 * `npm run demo:render` (renderDemoCommand.ts) and imported from here on a first start, so no
 * server start ray-traces anything. CREDITS.md in it states where every file comes from.
 */
export const DEMO_TOUR_DIR = fileURLToPath(new URL('./harbour-house/', import.meta.url));
