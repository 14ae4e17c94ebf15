import { existsSync, readFileSync } from 'node:fs';

/**
 * Counts from a vitest JSON report. A test file that failed before running any test (a syntax or
 * import error) counts as one failed test, so a broken file never reads as green.
 */
export function readCounts(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const brokenFiles = (report.testResults ?? []).filter((result) => result.status === 'failed' && (result.assertionResults ?? []).length === 0).length;
  const passed = report.numPassedTests ?? 0;
  const failed = report.numFailedTests ?? 0;
  // Whatever neither passed nor failed was skipped (pending or marked to do later).
  const skipped = (report.numTotalTests ?? passed + failed) - passed - failed;
  return { passed, failed: failed + brokenFiles, skipped };
}

/** The one plain line CI readers understand: `N passed, N failed[, N skipped]`. */
export function summaryLine(outcomes) {
  const sum = (key) => outcomes.reduce((total, outcome) => total + outcome[key], 0);
  const skipped = sum('skipped');
  return `${sum('passed')} passed, ${sum('failed')} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}
