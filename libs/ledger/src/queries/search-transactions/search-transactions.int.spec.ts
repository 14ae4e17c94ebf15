import { migrate, type PoolClient as Client } from '@budget/platform';
import { createTestDatabase, type TestDatabase } from '@budget/platform/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ledgerMigrations } from '../../projection/ledger.migrations.js';
import { searchStatement, searchStatements, type TransactionSearch } from './search-transactions.sql.js';

/**
 * The search's statements on the user-scoped trigram indexes of ledger-027 (docs/architecture.md
 * §4.9), against the same statements on ledger-013's index of every user's names (re-made in a
 * transaction that is rolled back) and on no index at all, over six users who share most payee
 * names: for 1, 2 and 3+ character texts, any case, accented letters and pattern characters, every
 * plan lists and counts the same rows, and those are exactly the asking user's live rows whose
 * name (or memo) contains the text as the database's own lower() folds case. Nothing another user
 * holds is ever returned, whichever index found the rows.
 */
let db: TestDatabase;

const USERS = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank'].map((u) => `search-${u}`);
const ROWS_PER_USER = 6_000;
/** Names every user has, every 50 rows (the rest are one-off payees), so each is a few percent of a budget. */
const SHARED_NAMES = [
  'Kroger',
  'KROGER #0042',
  'kroger fuel',
  'Café Olé',
  'CAFÉ NOIR',
  'cafe',
  'Crème Brûlée',
  'ÉCOLE Ste-Anne',
  'Straße Bäckerei',
  'Żabka',
  '100% Juice',
  'under_score',
  "O'Brien's Pub",
  'Ab Co',
  'xy',
  'Trader Joe’s',
];
/** Bob's alone: the shared index finds his row for anyone who types it. */
const BOBS_OWN = 'Zephyr Books';

interface FixtureRow {
  userId: string;
  id: string;
  name: string;
  comment: string | null;
  deleted: boolean;
  date: string;
  seq: number;
}
const fixture: FixtureRow[] = [];
/** name or memo → the database's lower() of it. */
const lowered = new Map<string, string>();

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const day = (n: number) => new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

function makeFixture(): void {
  let seq = 0;
  for (const [u, userId] of USERS.entries()) {
    for (let i = 0; i < ROWS_PER_USER; i++) {
      seq += 1;
      const slot = i % 50;
      const name =
        userId === 'search-bob' && i % 500 === 7 ? BOBS_OWN : slot < SHARED_NAMES.length ? SHARED_NAMES[slot]! : `payee ${((i * 2_654_435_761 + u * 97) >>> 0).toString(36)}`;
      fixture.push({
        userId,
        id: uuid(seq),
        name,
        comment: i % 7 === 0 ? (i % 14 === 0 ? 'Weekly shop' : 'Geburtstag im Café') : null,
        deleted: i % 13 === 0,
        date: day((i * 7) % 1500),
        seq,
      });
    }
  }
}

beforeAll(async () => {
  db = await createTestDatabase('ledger_search');
  await migrate(db.pool, ledgerMigrations);
  makeFixture();
  const column = <K extends keyof FixtureRow>(key: K) => fixture.map((r) => r[key]);
  await db.pool.query(
    `INSERT INTO ledger_transactions (user_id, id, kind, type, date, version, splits, seq, recorded_at, name, comment, deleted, amount_cents)
     SELECT u, id, 'manual', 0, d, 1, '[]', s, now(), n, c, del, -(s % 9000)
       FROM unnest($1::text[], $2::uuid[], $3::date[], $4::bigint[], $5::text[], $6::text[], $7::boolean[]) AS f(u, id, d, s, n, c, del)`,
    [column('userId'), column('id'), column('date'), column('seq'), column('name'), column('comment'), column('deleted')],
  );
  // Statistics, the visibility map, and the GIN indexes' pending lists merged into their trees.
  await db.pool.query('VACUUM (ANALYZE) ledger_transactions');
  const texts = [...new Set([...fixture.map((r) => r.name), ...fixture.flatMap((r) => (r.comment ? [r.comment] : [])), ...QUERIES.map((q) => q.text)])];
  const { rows } = await db.pool.query<{ t: string; l: string }>('SELECT t, lower(t) AS l FROM unnest($1::text[]) t', [texts]);
  for (const row of rows) lowered.set(row.t, row.l);
}, 120_000);
afterAll(async () => db?.drop());

/** A 1, 2 and 3+ character mix: case, accents, pattern characters, a shared name, one user's own name, none. */
const QUERIES: { field: 'name' | 'memo'; text: string }[] = [
  ...['e', 'k', 'K', 'é', 'É', 'ß', '%', '_', "'", 'ab', 'AB', 'xY', 'zq', 'ol'].map((text) => ({ field: 'name' as const, text })),
  ...['kro', 'KROGER', 'Kroger #00', 'kroger fuel', 'café', 'CAFÉ', 'cafe', 'olé', 'brûlée', 'École', 'straße', 'BÄCK', 'żab', 'ŻABKA', 'Joe’s', "o'brien", '0% j', 'r_s', 'c_fe', 'zephyr', 'nothing like it'].map(
    (text) => ({ field: 'name' as const, text }),
  ),
  ...['weekly', 'SHOP', 'café', 'im'].map((text) => ({ field: 'memo' as const, text })),
];
const searchOf = (q: (typeof QUERIES)[number]): TransactionSearch => ({
  name: q.field === 'name' ? q.text : null,
  amount: null,
  memo: q.field === 'memo' ? q.text : null,
  offset: 0,
  limit: ROWS_PER_USER,
});

/** What any plan must answer: the user's live rows whose lower()ed field contains the lower()ed text, newest first. */
function expected(userId: string, q: (typeof QUERIES)[number]): string[] {
  const needle = lowered.get(q.text)!;
  return fixture
    .filter((r) => r.userId === userId && !r.deleted)
    .filter((r) => {
      const value = q.field === 'name' ? r.name : r.comment;
      return value !== null && lowered.get(value)!.includes(needle);
    })
    .sort((a, b) => (a.date === b.date ? b.seq - a.seq : a.date < b.date ? 1 : -1))
    .map((r) => r.id);
}

type Regime = 'user-scoped (ledger-027)' | 'shared (ledger-013)' | 'no index';
/** ledger-013's index of every user's names, and one for memos made the same way. */
const SHARED_INDEXES = `
  DROP INDEX ledger_transactions_user_name_trgm, ledger_transactions_user_memo_trgm;
  CREATE INDEX ledger_transactions_name_trgm ON ledger_transactions USING gin (name gin_trgm_ops) WHERE NOT deleted;
  CREATE INDEX ledger_transactions_memo_trgm ON ledger_transactions USING gin (comment gin_trgm_ops) WHERE NOT deleted AND comment IS NOT NULL`;

/**
 * `work` in a transaction that is rolled back, with the trigram indexes of `regime` and bitmap
 * scans only, so that a text of three letters or more is looked up in the trigram index rather
 * than by walking the user's covering index (what the planner does for a common name); for "no
 * index", sequential scans only.
 */
async function inRegime<T>(regime: Regime, work: (client: Client) => Promise<T>): Promise<T> {
  const client = await db.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL enable_indexscan = off; SET LOCAL enable_indexonlyscan = off');
    if (regime === 'no index') {
      await client.query('SET LOCAL enable_bitmapscan = off');
    } else {
      await client.query('SET LOCAL enable_seqscan = off');
      if (regime === 'shared (ledger-013)') await client.query(SHARED_INDEXES);
    }
    return await work(client);
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

const explain = async (client: Client, statement: { text: string; values: unknown[] }) =>
  (await client.query<{ 'QUERY PLAN': string }>({ text: `EXPLAIN (COSTS OFF) ${statement.text}`, values: statement.values })).rows.map((r) => r['QUERY PLAN']).join('\n');

interface Answer {
  page: string[];
  count: number;
  bounded: number;
  /** The one statement the API sends (`searchStatement`): its page, and how many matches its walk found. */
  single: { page: string[]; matched: number };
}
async function answers(regime: Regime): Promise<Map<string, Answer>> {
  return inRegime(regime, async (client) => {
    const out = new Map<string, Answer>();
    for (const userId of ['search-alice', 'search-bob']) {
      for (const q of QUERIES) {
        const exact = searchStatements(searchOf(q), userId, null);
        const bounded = searchStatements(searchOf(q), userId);
        const page = await client.query<{ id: string }>(exact.page);
        const count = await client.query<{ n: string }>(exact.count);
        const capped = await client.query<{ n: string }>(bounded.count);
        const single = await client.query<{ id: string | null; matched: string }>(searchStatement(searchOf(q), userId));
        out.set(`${userId} ${q.field}=${q.text}`, {
          page: page.rows.map((r) => r.id),
          count: Number(count.rows[0]!.n),
          bounded: Number(capped.rows[0]!.n),
          single: { page: single.rows.flatMap((r) => (r.id === null ? [] : [r.id])), matched: Number(single.rows[0]!.matched) },
        });
      }
    }
    return out;
  });
}

describe('search on the user-scoped trigram indexes', () => {
  test('the plans: a word is looked up by (user, trigrams) in ledger-027, by trigrams then filtered by user in ledger-013, by no index when indexes are off', async () => {
    const word = searchStatements({ name: 'brûlée', amount: null, offset: 0, limit: 30 }, 'search-alice', null).count;
    const memo = searchStatements({ name: null, amount: null, memo: 'weekly', offset: 0, limit: 30 }, 'search-alice', null).count;
    const scoped = await inRegime('user-scoped (ledger-027)', async (c) => [await explain(c, word), await explain(c, memo)]);
    expect(scoped[0]).toContain('ledger_transactions_user_name_trgm');
    // The user is a key of the index scan, not a filter on the rows it found.
    expect(scoped[0]).toMatch(/Index Cond: \(\(user_id = 'search-alice'::text\) AND \(name ~~\* '%brûlée%'::text\)\)/);
    expect(scoped[0]).not.toContain('Filter: (user_id');
    expect(scoped[1]).toMatch(/ledger_transactions_user_memo_trgm[\s\S]*Index Cond: \(\(user_id = 'search-alice'::text\) AND \(comment ~~\* '%weekly%'::text\)\)/);
    const shared = await inRegime('shared (ledger-013)', async (c) => [await explain(c, word), await explain(c, memo)]);
    expect(shared[0]).toMatch(/Bitmap Index Scan on ledger_transactions_name_trgm\s+Index Cond: \(name ~~\* '%brûlée%'::text\)/);
    expect(shared[0]).toContain("Filter: (user_id = 'search-alice'::text)");
    expect(shared[0]).not.toContain('user_name_trgm');
    expect(shared[1]).toContain('ledger_transactions_memo_trgm');
    const none = await inRegime('no index', (c) => explain(c, word));
    expect(none).toContain('Seq Scan on ledger_transactions');
    expect(none).not.toContain('Index');
  });

  test('a 1–2 character name rare among the user’s newest rows is read from the letters’ index (ledger-030); a common one is walked on from where the probe stopped: only the chosen branch runs', async () => {
    /** Which way the statement went for `name`: the letters' index, the walk past the probe, or both. */
    const ran = async (name: string) => {
      const statement = searchStatement({ name, amount: null, offset: 0, limit: 30 }, 'search-alice');
      const { rows } = await db.pool.query<{ 'QUERY PLAN': string }>({ text: `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ${statement.text}`, values: statement.values });
      const plan = rows.map((r) => r['QUERY PLAN']);
      const grams = plan.find((line) => line.includes('Bitmap Index Scan on ledger_transactions_user_name_grams'));
      // Alice's rows newest first: the probe's scan, then the walk's, which starts below the probe's last row.
      const walks = plan.filter((line) => /Index (Only )?Scan using ledger_transactions_user_recent/.test(line));
      const walkedOn = walks.length === 2 && !walks[1]!.includes('never executed');
      return { grams: grams !== undefined && !grams.includes('never executed'), walkedOn, plan: plan.join('\n') };
    };
    // "zq" is in no name, "xy" is one row in 50 (2 %: rare), "ß" is in "Straße" only; "e" is in most names.
    for (const name of ['zq', 'xy', 'XY', 'ß']) {
      const branch = await ran(name);
      expect(branch.grams, `${name}\n${branch.plan}`).toBe(true);
      expect(branch.walkedOn, `${name}\n${branch.plan}`).toBe(false);
      expect(branch.plan).toMatch(/Index Cond: \(\(user_id = 'search-alice'::text\) AND \(ledger_name_grams\(name\) @> '\{[^}]+\}'::text\[\]\)\)/);
    }
    for (const name of ['e', 'er', 'k']) {
      const branch = await ran(name);
      expect(branch.walkedOn, `${name}\n${branch.plan}`).toBe(true);
      expect(branch.grams, `${name}\n${branch.plan}`).toBe(false);
      // No row is read twice: the walk goes on below the probe's last row, in the index.
      expect(branch.plan).toMatch(/Index Cond: \(\(user_id = 'search-alice'::text\) AND \(ROW\(date, seq\) < ROW\(\$\d+, \$\d+\)\)\)/);
    }
  });

  test('every plan answers the same rows and counts for 1, 2 and 3+ character texts, any case, accents and pattern characters: the user’s own live matches', async () => {
    const scoped = await answers('user-scoped (ledger-027)');
    const shared = await answers('shared (ledger-013)');
    const none = await answers('no index');
    const owner = new Map(fixture.map((r) => [r.id, r]));
    let nonEmpty = 0;
    for (const [key, answer] of scoped) {
      const [userId] = key.split(' ');
      const q = QUERIES.find((candidate) => key.endsWith(` ${candidate.field}=${candidate.text}`))!;
      const want = expected(userId!, q);
      expect(answer.page, key).toEqual(want);
      expect(answer.count, key).toBe(want.length);
      expect(answer.bounded, key).toBe(Math.min(want.length, 1001));
      // The one statement answers the same page, and its walk counts every match up to the page's end or past the bound.
      expect(answer.single.page, key).toEqual(want);
      expect(answer.single.matched, key).toBe(Math.min(want.length, Math.max(1001, ROWS_PER_USER)));
      expect(shared.get(key), key).toEqual(answer);
      expect(none.get(key), key).toEqual(answer);
      // Ownership, row by row: only the asker's live rows.
      for (const id of answer.page) expect(owner.get(id), key).toMatchObject({ userId, deleted: false });
      if (want.length > 0) nonEmpty += 1;
    }
    // The comparison is not vacuous: most queries find rows, and some find more than the bound.
    expect(nonEmpty).toBeGreaterThan(QUERIES.length);
    expect(scoped.get('search-alice name=e')!.bounded).toBe(1001);
  });

  test('case folds as the database’s lower() does; an accent is a letter of its own; one user’s own name is found for them only', async () => {
    const found = await answers('user-scoped (ledger-027)');
    const names = (key: string) => [...new Set(found.get(key)!.page.map((id) => fixture.find((r) => r.id === id)!.name))].sort();
    expect(names('search-alice name=KROGER')).toEqual(['KROGER #0042', 'Kroger', 'kroger fuel']);
    expect(names('search-alice name=Kroger #00')).toEqual(['KROGER #0042']);
    expect(names('search-alice name=0% j')).toEqual(['100% Juice']);
    // % and _ are characters, not wildcards: "r_s" is in "under_score", "c_fe" is in nothing.
    expect(names('search-alice name=r_s')).toEqual(['under_score']);
    expect(names('search-alice name=c_fe')).toEqual([]);
    // "cafe" is not "café": no accent folding (no unaccent).
    expect(names('search-alice name=cafe')).toEqual(['cafe']);
    expect(names('search-alice name=café')).toContain('Café Olé');
    expect(names('search-alice name=café')).not.toContain('cafe');
    expect(found.get('search-alice name=zephyr')!.count).toBe(0);
    expect(found.get('search-bob name=zephyr')!.count).toBe(fixture.filter((r) => r.name === BOBS_OWN && !r.deleted).length);
    expect(found.get('search-bob name=zephyr')!.count).toBeGreaterThan(0);
  });

  test('another user’s burst of writes adds nothing to what a search reads: the trigram indexes keep no pending list (ledger-029)', async () => {
    const { rows: options } = await db.pool.query<{ relname: string; reloptions: string[] | null }>(
      `SELECT relname, reloptions FROM pg_class WHERE relname IN ('ledger_transactions_user_name_trgm', 'ledger_transactions_user_memo_trgm') ORDER BY relname`,
    );
    expect(options).toEqual([
      { relname: 'ledger_transactions_user_memo_trgm', reloptions: ['fastupdate=off'] },
      { relname: 'ledger_transactions_user_name_trgm', reloptions: ['fastupdate=off'] },
    ]);
    const word = searchStatement({ name: 'kroger', amount: null, offset: 0, limit: 30 }, 'search-alice');
    /** The pages Alice's search read in all (hit or read: the plan's first Buffers line, its root's), and whether it used the name's trigram index. */
    const indexPages = async (client: Client) => {
      const plan = (await client.query<{ 'QUERY PLAN': string }>({ text: `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF) ${word.text}`, values: word.values })).rows.map((r) => r['QUERY PLAN']);
      const buffers = plan.find((line) => line.trim().startsWith('Buffers:'))!;
      return {
        pages: Number(/hit=(\d+)/.exec(buffers)?.[1] ?? 0) + Number(/read=(\d+)/.exec(buffers)?.[1] ?? 0),
        trigrams: plan.some((line) => line.includes('Bitmap Index Scan on ledger_transactions_user_name_trgm')),
      };
    };
    const [before, after] = await inRegime('user-scoped (ledger-027)', async (client) => {
      const quiet = await indexPages(client);
      // 6,000 rows of another user, their names full of trigrams (with a pending list, some 400 pages of it).
      await client.query(
        `INSERT INTO ledger_transactions (user_id, id, kind, type, date, version, splits, seq, recorded_at, name, comment, deleted, amount_cents)
         SELECT 'search-burst', gen_random_uuid(), 'manual', 0, DATE '2026-01-01', 1, '[]', 1000000 + g, now(), 'Kroger fuel station ' || g, 'weekly shop ' || g, false, -g
           FROM generate_series(1, 6000) AS g`,
      );
      return [quiet, await indexPages(client)];
    });
    // The burst's rows join the trigrams' own lists (every user's rows are in them, compressed): a
    // few pages more, the same plan. With a pending list every search would read its every page,
    // or (as the planner counts them) walk all of Alice's rows instead.
    expect(before.trigrams).toBe(true);
    expect(after.trigrams).toBe(true);
    expect(after.pages).toBeLessThanOrEqual(before.pages + 30);
  });
});

