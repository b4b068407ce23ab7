import { defineConfig } from 'vitest/config';

/**
 * Test configuration. The reporter list keeps vitest's own output and adds a last plain line
 * `N passed, N failed` (tests/reporters/summary.ts) that CI reads.
 *
 * Timeouts: no test asserts a duration (speed is measured in `npm run bench`), and several
 * play hundreds of games; on this 2-core machine, whose speed swings ×1.9 and which other
 * work shares, vitest's default 5 s timeout failed such tests that pass. 60 s per test and
 * 120 s per hook only stop what hangs.
 *
 * `DIGISCRIPT_DEEP_FREEZE`: compiled DCG boxes, which the compiler shares between cards with
 * the same text, are frozen all through (compiler/check/dcg/text.ts), so a write into one
 * throws in any test; outside the tests only their lists are frozen.
 */
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'playground/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'dist/**', 'playground/e2e/**'],
    reporters: ['default', './tests/reporters/summary.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { DIGISCRIPT_DEEP_FREEZE: '1' },
  },
});
