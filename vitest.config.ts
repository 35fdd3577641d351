import { defineConfig } from 'vitest/config';

// Unit tests sit beside the code; integration tests (real SQLite, PostgreSQL, images) under tests/integration.
// The browser suite has its own config in tests/e2e.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'workers/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
