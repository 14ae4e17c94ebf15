import { readArgs } from './args.js';
import { generate } from './generate.js';

/**
 * Fills a database with one bench user and N transactions and leaves it there:
 * `node tools/ledger-bench/dist/generate-cli.js --transactions 1000000 [--seed 1]`, into
 * DATABASE_URL when set, otherwise into a new database on the test server (its name is printed).
 */
const args = readArgs();
const generated = await generate({ databaseUrl: process.env.DATABASE_URL, transactions: args.transactions, seed: args.seed, log: (line) => console.log(line) });
const { target } = generated.user;
console.log(`database: ${generated.databaseUrl}`);
console.log(`sign in as ${generated.user.email} / ${generated.user.password}`);
console.log(`big account ${target.accountIds[0]}, big category ${target.categoryIds[0]}`);
console.log(`log positions ${generated.load.firstPosition}..${generated.load.lastPosition}`);
await generated.close({ drop: false });
