import { readReportsArgs } from './reports/args.js';
import { prepareDataSet } from './reports/prepare.js';

/**
 * The reports benchmark (issue 17): the data set through the real write path (src/reports/data-set.ts),
 * then each report through the whole API against its core SQL, interleaved in one run.
 * Run: `npm run bench:reports -- [--transactions 1000000] [--database-url URL] [--rounds 50] [--warmup 5] [--fill-only]`.
 */
const args = readReportsArgs();
const log = (line: string) => console.log(`  ${line}`);
const data = await prepareDataSet({ databaseUrl: args.databaseUrl, transactions: args.transactions, seed: args.seed, log });
try {
  const { fill } = data;
  console.log(
    `Data set: ${fill.transactions.toLocaleString('en')} transactions (${fill.imported.toLocaleString('en')} imported, ${fill.manual} manual, ${fill.deleted} deleted), ` +
      `${fill.fundings} fundings, ${fill.balanceEntries} balance entries; ${fill.events.toLocaleString('en')} events in ${fill.seconds.toFixed(0)} s = ` +
      `${Math.round(fill.events / fill.seconds).toLocaleString('en')} events/s${data.filledNow ? '' : ' (filled earlier)'}`,
  );
} finally {
  await data.close();
}
