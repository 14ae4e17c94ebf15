import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** A file that failed before running any test: a syntax or import error. */
const didNotLoad = (result) => result.status === 'failed' && (result.assertionResults ?? []).length === 0;

/**
 * A vitest JSON report read once: its counts, and what failed. A test file that failed before
 * running any test counts as one failed test, so a broken file never reads as green. Each failure
 * names its file (relative to `root`), its test's full name and the first line of its first
 * message, and a file that did not load is one entry: CI shows only the tail of the output, so the
 * runner repeats these at the end and a red run always names its culprit. Null without a report.
 */
export function readReport(file, root) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const firstLine = (text) => String(text ?? '').split('\n').find((line) => line.trim() !== '')?.trim().slice(0, 300) ?? '';
  const failures = [];
  let brokenFiles = 0;
  for (const result of report.testResults ?? []) {
    const where = result.name ? relative(root, result.name) : '(unknown file)';
    if (didNotLoad(result)) {
      brokenFiles += 1;
      failures.push({ file: where, test: '(the file did not load)', message: firstLine(result.message) });
    }
    for (const assertion of result.assertionResults ?? []) {
      if (assertion.status !== 'failed') continue;
      failures.push({ file: where, test: assertion.fullName ?? assertion.title ?? '', message: firstLine(assertion.failureMessages?.[0]) });
    }
  }
  const passed = report.numPassedTests ?? 0;
  const failed = report.numFailedTests ?? 0;
  // Whatever neither passed nor failed was skipped (pending or marked to do later).
  const skipped = (report.numTotalTests ?? passed + failed) - passed - failed;
  return { counts: { passed, failed: failed + brokenFiles, skipped }, failures };
}

/** The one plain line CI readers understand: `N passed, N failed[, N skipped]`. */
export function summaryLine(outcomes) {
  const sum = (key) => outcomes.reduce((total, outcome) => total + outcome[key], 0);
  const skipped = sum('skipped');
  return `${sum('passed')} passed, ${sum('failed')} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}
