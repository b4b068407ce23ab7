/**
 * A vitest reporter that ends the test run with one plain line, `N passed, N failed`
 * (and `, N skipped` when any test was skipped), after vitest's own summary.
 *
 * Why: the log of `.ci/run` is read by tools that do not parse vitest's coloured, aligned
 * summary. This line has no escape codes and a fixed shape. A file that fails to load (a
 * syntax error, a throwing import) has no tests to count, so each such file and each
 * unhandled error counts as one failure: a run that could not execute is never "0 failed".
 */
import type { Reporter, TestModule } from 'vitest/node';
import type { SerializedError } from 'vitest';

export default class SummaryLineReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      let tests = 0;
      for (const test of mod.children.allTests()) {
        tests++;
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      // A module that failed to collect has no tests but errors of its own.
      if (tests === 0 && mod.state() === 'failed') failed++;
    }
    failed += unhandledErrors.length;
    const tail = skipped > 0 ? `, ${skipped} skipped` : '';
    process.stdout.write(`\n${passed} passed, ${failed} failed${tail}\n`);
  }
}
