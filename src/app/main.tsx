import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { parseRoute } from '../protocol/routes.ts';
import { loadPanoramaScene } from '../scene/index.ts';
import { AppShell } from './AppShell.tsx';

// The scene (three.js, React Three Fiber, zod) is a lazy chunk: on a viewer's page its download starts now, alongside
// React's start-up and the language catalog, rather than once the tour's screen first renders it.
const route = parseRoute(window.location.pathname).name;
if (route === 'viewer' || route === 'default') void loadPanoramaScene().catch(() => undefined);

const root = document.getElementById('root');
if (root) createRoot(root).render(<StrictMode><AppShell /></StrictMode>);
