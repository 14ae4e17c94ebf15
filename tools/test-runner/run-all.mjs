#!/usr/bin/env node
// `npm test`: install and build (e2e needs the built services and front ends), find or start
// PostgreSQL and Redis, run the vitest projects unit, integration and e2e, and end with one
// plain line `N passed, N failed`. Exits non-zero when anything failed.
import { buildAll } from '../launcher/lib/build.mjs';
import { ensureChromium } from '../launcher/lib/chromium.mjs';
import { ensureInstalled } from '../launcher/lib/install.mjs';
import { report, say } from '../launcher/lib/log.mjs';
import { resolvePostgres } from '../launcher/lib/postgres.mjs';
import { resolveRedis } from '../launcher/lib/redis.mjs';
import { createShutdown } from '../launcher/lib/shutdown.mjs';
import { summaryLine } from './lib/results.mjs';
import { runVitestProject } from './lib/vitest-project.mjs';

const exit = createShutdown();
const outcomes = [];
const problems = [];
// Registered first, so it runs last: after PostgreSQL and Redis are stopped, the very last line.
exit.add(() => void process.stdout.write(`${summaryLine(outcomes)}\n`));

async function attempt(what, step) {
  try {
    await step();
    return true;
  } catch (error) {
    report(error);
    problems.push(what);
    return false;
  }
}

async function main() {
  if (!(await attempt('install', () => ensureInstalled()))) return;
  const built = await attempt('build', () => buildAll());
  const chromium = await ensureChromium();

  const postgres = await resolvePostgres();
  exit.add(postgres.stop);
  const redis = await resolveRedis();
  exit.add(redis.stop);
  const env = { ...process.env, DATABASE_URL: postgres.adminUrl, TEST_DATABASE_URL: postgres.adminUrl, REDIS_URL: redis.url };

  for (const project of ['unit', 'integration', 'e2e']) {
    say(`Running the ${project} tests`);
    if (project === 'e2e' && (!built || chromium.problem)) {
      problems.push(`e2e not run: ${built ? chromium.problem : 'the build failed (the e2e tests need the built services and front ends)'}`);
      continue;
    }
    // The browser found for e2e is also the one the unit project's component tests drive (the category picker's).
    outcomes.push(await runVitestProject(project, { ...env, ...(chromium.path ? { CHROMIUM_PATH: chromium.path } : {}) }));
  }
}

await attempt('setup', main);
for (const outcome of outcomes) {
  for (const failure of outcome.failures) {
    say(`${outcome.name} failed: ${failure.file} > ${failure.test}${failure.message ? ` | ${failure.message}` : ''}`);
  }
}
for (const outcome of outcomes) {
  say(`${outcome.name}: ${outcome.passed} passed, ${outcome.failed} failed, ${outcome.skipped} skipped${outcome.ok ? '' : ' (FAILED)'}`);
}
for (const problem of problems) say(`Problem: ${problem}`);
const failed = problems.length > 0 || outcomes.some((outcome) => !outcome.ok);
await exit.shutdown(failed ? 1 : 0);
