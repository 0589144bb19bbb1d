import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/** Unit tests of the web client's pure modules (the screens are covered by e2e/ in Chromium). */
export default defineConfig((env) => mergeConfig(viteConfig(env), defineConfig({ test: { include: ['test/**/*.test.{ts,tsx}'] } })));
