import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

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

/**
 * What failed, from a vitest JSON report: one entry per failed test (its file relative to `root`,
 * its full name and the first line of its first failure message), and one per file that failed
 * before running any test. CI shows only the tail of the output, so the runner repeats these at
 * the end: a red run always names its culprit.
 */
export function readFailures(file, root) {
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const firstLine = (text) => String(text ?? '').split('\n').find((line) => line.trim() !== '')?.trim().slice(0, 300) ?? '';
  const failures = [];
  for (const result of report.testResults ?? []) {
    const where = result.name ? relative(root, result.name) : '(unknown file)';
    const assertions = result.assertionResults ?? [];
    if (result.status === 'failed' && assertions.length === 0) {
      failures.push({ file: where, test: '(the file did not load)', message: firstLine(result.message) });
    }
    for (const assertion of assertions) {
      if (assertion.status !== 'failed') continue;
      failures.push({ file: where, test: assertion.fullName ?? assertion.title ?? '', message: firstLine(assertion.failureMessages?.[0]) });
    }
  }
  return failures;
}

/** The one plain line CI readers understand: `N passed, N failed[, N skipped]`. */
export function summaryLine(outcomes) {
  const sum = (key) => outcomes.reduce((total, outcome) => total + outcome[key], 0);
  const skipped = sum('skipped');
  return `${sum('passed')} passed, ${sum('failed')} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}
