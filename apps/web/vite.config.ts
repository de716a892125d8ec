// The config runs before any build, so it reads the domain's TypeScript source directly.
import { APP_VERSION } from '../../packages/domain/src/version.js';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

const API_TARGET = 'http://localhost:8080';

/** Writes dist/meta.json, the file the version check compares with the running bundle. */
function metaJson(): Plugin {
  return {
    name: 'atalaya-meta-json',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'meta.json',
        source: `${JSON.stringify({ version: APP_VERSION }, null, 2)}\n`,
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), metaJson()],
  resolve: {
    // '@atalaya/domain' exports its TypeScript source under the 'source' condition.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/signalr': { target: API_TARGET, ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks that every page needs; everything else splits by route.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/](@mantine[\\/](core|hooks|store|notifications|modals)|@floating-ui)[\\/]/ },
          ],
        },
      },
    },
  },
});
