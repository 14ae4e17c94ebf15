import { createTestDatabase } from '@budget/platform/testing';
import { startBenchApi } from './bench-api.js';
import { fillAccount } from './fill.js';
import { percentile } from './measure/timing.js';
import { seedUser } from './seed-user.js';

/**
 * The export of every transaction (GET /transactions/export, the User page's "Download all
 * transactions") through the whole API (`app.inject`), as the browser reads it: page after page by
 * the cursor, 1,000 transactions a page, until `next` is null. The budget is first filled with
 * `--transactions N` (default 100,000) by 5,000-row OFX imports through the API (the real path).
 * Prints, for each of `--runs` reads of the whole export: the total time, the first and the last
 * page's time (a page deep in the budget costs what the first does), p50 and p99 of the pages.
 * `npm run bench:export -- [--transactions 100000] [--runs 3]`.
 */
const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`--${name} must be a whole number of at least 1`);
  return value;
};
const transactions = argument('transactions', 100_000);
const runs = argument('runs', 3);

const database = await createTestDatabase('export_bench');
const api = await startBenchApi(database.url, database.pool);
try {
  const user = await seedUser(api, database.pool);
  const [accountId] = user.target.accountIds;
  const filled = await fillAccount(api, user, accountId!, transactions, 'filling the budget');
  await database.pool.query('VACUUM (ANALYZE)');
  console.log(`\nThe export of ${transactions.toLocaleString('en')} imported transactions (filled in ${filled.seconds.toFixed(0)} s), 1,000 a page; times in ms`);
  console.log('| run | pages | lines | whole export | first page | last page | page p50 | page p99 |\n|---|---|---|---|---|---|---|---|');
  for (let run = 1; run <= runs; run++) {
    const pages: number[] = [];
    let lines = 0;
    let after: string | null = null;
    const started = performance.now();
    do {
      const url: string = `/api/v1/transactions/export${after === null ? '' : `?after=${after}`}`;
      const pageStarted = performance.now();
      const answer = await api.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${user.access}` } });
      pages.push(performance.now() - pageStarted);
      if (answer.statusCode !== 200) throw new Error(`GET ${url} answered ${answer.statusCode}: ${answer.body}`);
      const page = answer.json() as { lines: unknown[]; next: string | null };
      lines += page.lines.length;
      after = page.next;
    } while (after !== null);
    const whole = performance.now() - started;
    console.log(`| ${run} | ${pages.length} | ${lines.toLocaleString('en')} | ${whole.toFixed(0)} | ${pages[0]!.toFixed(1)} | ${pages.at(-1)!.toFixed(1)} | ${percentile(pages, 50).toFixed(1)} | ${percentile(pages, 99).toFixed(1)} |`);
  }
} finally {
  await api.close();
  await database.drop();
}
