import { readReportsArgs } from './reports/args.js';
import { formatTable, measureCase, medianOfRuns, reportCases, searchCase, type CaseResult } from './reports/cases.js';
import { prepareDataSet } from './reports/prepare.js';

/**
 * The reports benchmark (README "Performance"). The data set is made through the real write path
 * (src/reports/data-set.ts: imports, a Plaid feed, manual entries, fundings, balance entries and
 * deletes through the API, every event projected by the configured projection, the reporting
 * projection among them), or found by its marker in `--database-url`. Then each report of the last
 * year of the data (net worth also over the whole three years) is timed through the whole API
 * against its core SQL (the functions `@budget/reporting` exports, called as the handler calls
 * them), interleaved, `--rounds` rounds after `--warmup`; plus a search by name, API only.
 * Run: `npm run bench:reports -- [--transactions 1000000] [--database-url URL] [--rounds 50] [--warmup 5] [--runs 1] [--fill-only]`.
 */
const args = readReportsArgs();
const log = (line: string) => console.log(`  ${line}`);
const data = await prepareDataSet({ databaseUrl: args.databaseUrl, transactions: args.transactions, seed: args.seed, log });
try {
  const { fill } = data;
  const summary =
    `${fill.transactions.toLocaleString('en')} transactions (${fill.imported.toLocaleString('en')} imported, ${fill.synced.toLocaleString('en')} synced, ` +
    `${fill.manual} manual; ${fill.deleted} deleted, ${fill.pending} pending), ${fill.fundings} fundings, ${fill.balanceEntries} balance entries; ` +
    `filled through the API in ${fill.seconds.toFixed(0)} s: ${fill.events.toLocaleString('en')} events, ${Math.round(fill.events / fill.seconds).toLocaleString('en')} events/s` +
    (fill.analyzeSeconds === undefined ? '' : ` (of the time, ${fill.analyzeSeconds.toFixed(0)} s in the ANALYZEs that stand in for autovacuum)`) +
    (data.filledNow ? '' : ' (filled by an earlier run)');
  console.log(`Data set: ${summary}`);
  if (!args.fillOnly) {
    await data.api.stopProjector();
    const cases = reportCases(data.pool, data.userId);
    const probe = await data.api.app.inject({ method: 'GET', url: `/api/v1/${searchCase.url}`, headers: { authorization: `Bearer ${data.access}` } });
    if (probe.statusCode === 200) cases.push(searchCase);
    else log(`search not measured: GET /transactions/search answered ${probe.statusCode}`);
    const { rows } = await data.pool.query<{ server_version: string }>('SHOW server_version');
    const runs: CaseResult[][] = [];
    for (let run = 1; run <= args.runs; run++) {
      const results: CaseResult[] = [];
      for (const c of cases) {
        results.push(await measureCase(data.api.app, data.access, c, args.rounds, args.warmup));
        log(`run ${run}: ${c.report} ${c.range} measured`);
      }
      runs.push(results);
      console.log(
        `\nReports, run ${run} of ${args.runs}: ${args.rounds} API requests (app.inject) and core SQL runs interleaved per report after ${args.warmup} warm-up rounds; ` +
          `PostgreSQL ${rows[0]?.server_version ?? '?'}; projection ${data.api.projection}`,
      );
      console.log(formatTable(results));
    }
    if (runs.length > 1) {
      console.log(`\nMedians of the ${runs.length} runs:`);
      console.log(formatTable(medianOfRuns(runs)));
    }
  }
} finally {
  await data.close();
}
