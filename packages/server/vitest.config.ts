import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Test files share the machine's two cores with compilers in the sandbox.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
