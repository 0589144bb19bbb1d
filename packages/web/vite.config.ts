import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@verdict/shared': path.resolve(__dirname, '../shared/src/index.ts') } },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:8080', '/public': 'http://127.0.0.1:8080' } },
  build: { outDir: 'dist', chunkSizeWarningLimit: 2000 },
});
