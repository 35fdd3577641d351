import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SceneHarness } from './SceneHarness.tsx';

const root = document.getElementById('root');
if (root) createRoot(root).render(<StrictMode><SceneHarness /></StrictMode>);
