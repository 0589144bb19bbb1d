import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Compilers in the sandbox share the machine's two cores with the other suites.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
