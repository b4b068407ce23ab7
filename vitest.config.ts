import { defineConfig } from 'vitest/config';

/**
 * Test configuration. The reporter list keeps vitest's own output and adds a last plain line
 * `N passed, N failed` (tests/reporters/summary.ts) that CI reads.
 */
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'playground/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'dist/**', 'playground/e2e/**'],
    reporters: ['default', './tests/reporters/summary.ts'],
  },
});
