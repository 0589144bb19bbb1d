import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One built server (started once in global setup) and one Chromium per file; files run one
    // after another so two cores are enough and screens are not starved.
    globalSetup: ['./src/global-setup.ts'],
    setupFiles: ['./src/report-failures.ts'],
    fileParallelism: false,
    testTimeout: 180_000, // a busy two-core machine runs Chromium, the server and its judge at once
    hookTimeout: 120_000,
    // Screens answer after a server round trip; polls wait like a person would, not 1 s.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
