// Imported first by main.tsx: modules run in import order, so on a viewer's page the scene chunk (three.js, React
// Three Fiber, zod, the tile code: scene/LazyPanoramaScene.tsx) starts downloading before React's DOM renderer, i18next
// and the app shell have even run, and arrives while they start up and the poster shows.
import { parseRoute } from '../protocol/routes.ts';
import { loadPanoramaScene } from '../scene/index.ts';

const route = parseRoute(window.location.pathname).name;
if (route === 'viewer' || route === 'default') void loadPanoramaScene().catch(() => undefined);
