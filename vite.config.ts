import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The client build. The Fastify server serves dist/ and answers deep links with index.html.
export default defineConfig({
  plugins: [react()],
  publicDir: 'public',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
  worker: { format: 'es' },
  server: {
    // `npm run dev:client` proxies the API to a running `npm start`.
    proxy: { '/v1': 'http://localhost:8080', '/v2': 'http://localhost:8080', '/media': 'http://localhost:8080' },
  },
});
