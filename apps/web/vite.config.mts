// .mts, not .ts: the root ESLint config lints *.config.ts through a default project that cannot resolve vite's types.
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  // `source` makes Vite read @courier/contract's TypeScript source instead of its built dist.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/sanctum': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The delivery map's chunk is maplibre (about 1.1 MB, 300 kB gzip); it loads lazily on /DeliveryDetail only.
    chunkSizeWarningLimit: 1200,
  },
});
