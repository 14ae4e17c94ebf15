import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { dataDir, repoRoot } from '../../launcher/lib/paths.mjs';
import { run } from '../../launcher/lib/run.mjs';
import { readReport } from './results.mjs';

const resultsDir = join(dataDir, 'test-results');

/**
 * `vitest run --project <name>` with the default and JSON reporters. Returns
 * { name, passed, failed, skipped, ok, failures }; a project without test files is 0/0 and ok.
 */
export async function runVitestProject(name, env) {
  mkdirSync(resultsDir, { recursive: true });
  const outputFile = join(resultsDir, `${name}.json`);
  rmSync(outputFile, { force: true });
  const vitest = join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');
  const args = ['run', '--project', name, '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile=${outputFile}`];
  let exitedOk = true;
  try {
    await run(process.execPath, [vitest, ...args], { cwd: repoRoot, env });
  } catch {
    exitedOk = false;
  }
  const { counts, failures } = readReport(outputFile, repoRoot) ?? { counts: { passed: 0, failed: 0, skipped: 0 }, failures: [] };
  return { name, ...counts, ok: exitedOk && counts.failed === 0, failures };
}
