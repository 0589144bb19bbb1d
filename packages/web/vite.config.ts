import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@verdict/shared', replacement: path.resolve(import.meta.dirname, '../shared/src/index.ts') },
      // echarts-for-react's CommonJS build (lib/) arrives as a module object, not a component; use its ES build.
      { find: /^echarts-for-react\/lib\/(.*)$/, replacement: 'echarts-for-react/esm/$1' },
    ],
  },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:8080', '/public': 'http://127.0.0.1:8080' } },
  build: { outDir: 'dist', chunkSizeWarningLimit: 4000 },
});
