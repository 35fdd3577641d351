import './startScene.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppShell } from './AppShell.tsx';

const root = document.getElementById('root');
if (root) createRoot(root).render(<StrictMode><AppShell /></StrictMode>);
