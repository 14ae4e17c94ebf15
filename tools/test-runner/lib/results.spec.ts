import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readReport, summaryLine } from './results.mjs';

describe('test runner results', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'results-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('given a vitest JSON report, then passed and failed are read and the rest counts as skipped', async () => {
    const file = join(dir, 'unit.json');
    await writeFile(file, JSON.stringify({ numTotalTests: 11, numPassedTests: 7, numFailedTests: 1, numPendingTests: 3, testResults: [] }));

    expect(readReport(file, dir)?.counts).toEqual({ passed: 7, failed: 1, skipped: 3 });
  });

  it('given a test file that failed to load, then it counts as one failed test', async () => {
    const file = join(dir, 'broken.json');
    await writeFile(file, JSON.stringify({ numTotalTests: 2, numPassedTests: 2, numFailedTests: 0, testResults: [{ status: 'failed', assertionResults: [] }, { status: 'passed', assertionResults: [{}, {}] }] }));

    expect(readReport(file, dir)?.counts).toEqual({ passed: 2, failed: 1, skipped: 0 });
  });

  it('given no report (no test files), then there is nothing to read', () => {
    expect(readReport(join(dir, 'missing.json'), dir)).toBeNull();
  });

  it('given failed tests and a file that did not load, then each is named with its file and the first line of its message', async () => {
    const file = join(dir, 'failures.json');
    await writeFile(
      file,
      JSON.stringify({
        testResults: [
          {
            name: join(dir, 'libs/a/waiter.int.spec.ts'),
            status: 'failed',
            assertionResults: [
              { status: 'passed', fullName: 'waiter resolves' },
              { status: 'failed', fullName: 'waiter shares re-reads', failureMessages: ['\nAssertionError: expected 3 to be less than or equal to 2\n    at waiter.int.spec.ts:150:5'] },
            ],
          },
          { name: join(dir, 'libs/b/broken.int.spec.ts'), status: 'failed', message: 'SyntaxError: Unexpected token', assertionResults: [] },
          { name: join(dir, 'libs/c/fine.int.spec.ts'), status: 'passed', assertionResults: [{ status: 'passed', fullName: 'fine' }] },
        ],
      }),
    );

    expect(readReport(file, dir)?.failures).toEqual([
      { file: join('libs', 'a', 'waiter.int.spec.ts'), test: 'waiter shares re-reads', message: 'AssertionError: expected 3 to be less than or equal to 2' },
      { file: join('libs', 'b', 'broken.int.spec.ts'), test: '(the file did not load)', message: 'SyntaxError: Unexpected token' },
    ]);
  });

  it('sums projects into one plain line, naming skipped tests only when there are some', () => {
    expect(summaryLine([{ passed: 3, failed: 0, skipped: 0 }, { passed: 2, failed: 1, skipped: 0 }])).toBe('5 passed, 1 failed');
    expect(summaryLine([{ passed: 3, failed: 0, skipped: 2 }])).toBe('3 passed, 0 failed, 2 skipped');
    expect(summaryLine([])).toBe('0 passed, 0 failed');
  });
});
