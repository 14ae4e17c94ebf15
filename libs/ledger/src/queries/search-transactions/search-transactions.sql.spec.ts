import { describe, expect, it } from 'vitest';
import { hasTrigram, SEARCH_COUNT_BOUND, SHORT_NAME_PROBE, SHORT_NAME_RARE, searchStatement, searchStatements } from './search-transactions.sql.js';

const USER = 'user-1';
const base = { name: null, amount: null, offset: 0, limit: 30 };

describe('searchStatements', () => {
  it('binds a name of three letters or more as a contains-pattern with %, _ and \\ escaped, never in the SQL text', () => {
    const { page, count } = searchStatements({ ...base, name: "tea 50%_o'k\\", offset: 30 }, USER);
    expect(page.values).toEqual([USER, "%tea 50\\%\\_o'k\\\\%", 30, 30]);
    expect(count.values).toEqual([USER, "%tea 50\\%\\_o'k\\\\%", SEARCH_COUNT_BOUND + 1]);
    expect(page.text).toContain('t.name ILIKE $2');
    expect(page.text).toContain('OFFSET $3 LIMIT $4');
    expect(count.text).toContain('t.name ILIKE $2');
    expect(page.text).not.toContain("o'k");
    expect(page.text).not.toContain('amount_cents =');
  });

  it('a name with no trigram (1–2 letters) is matched by strpos on the lower-cased name, the text bound as is', () => {
    const { page } = searchStatements({ ...base, name: 'Ab' }, USER);
    expect(page.values).toEqual([USER, 'Ab', 0, 30]);
    expect(page.text).toContain('strpos(lower(t.name), lower($2)) > 0');
    expect(page.text).not.toContain('ILIKE');
    expect(hasTrigram('a b c')).toBe(false);
    expect(hasTrigram('45%')).toBe(false);
    expect(hasTrigram('café')).toBe(true);
  });

  it('binds an amount in cents as text for bigint, after the name; absAmount matches both signs', () => {
    const { page } = searchStatements({ ...base, name: 'cafe', amount: -1234 }, USER);
    expect(page.values).toEqual([USER, '%cafe%', '-1234', 0, 30]);
    expect(page.text).toContain('t.amount_cents = $3::bigint');
    const abs = searchStatements({ ...base, absAmount: 4500 }, USER).page;
    expect(abs.values).toEqual([USER, '4500', 0, 30]);
    expect(abs.text).toContain('t.amount_cents IN ($2::bigint, -$2::bigint)');
  });

  it('memo, category and the date range are bound in order, the category through the user’s own categories', () => {
    const { page, count } = searchStatements(
      { ...base, memo: 'gift', category: 'Groc', startDate: '2024-01-01', endDate: '2024-12-31' },
      USER,
    );
    expect(count.values).toEqual([USER, '%gift%', '%Groc%', '2024-01-01', '2024-12-31', SEARCH_COUNT_BOUND + 1]);
    expect(page.text).toContain('t.comment ILIKE $2');
    expect(page.text).toContain('c.user_id = $1 AND c.name ILIKE $3');
    expect(page.text).toContain('t.date >= $4::date');
    expect(page.text).toContain('t.date <= $5::date');
  });

  it('no filter leaves only the owner and liveness', () => {
    const none = searchStatements(base, USER);
    expect(none.page.values).toEqual([USER, 0, 30]);
    expect(none.count.text).toBe('SELECT count(*) AS n FROM (SELECT 1 FROM ledger_transactions t WHERE t.user_id = $1 AND NOT t.deleted LIMIT $2) bounded');
    expect(none.count.values).toEqual([USER, SEARCH_COUNT_BOUND + 1]);
    expect(none.page.text).not.toContain('ILIKE');
  });

  it('the count stops one row past the bound (a parameter); null asks the exact, unbounded count', () => {
    const bounded = searchStatements({ ...base, name: 'e' }, USER);
    expect(bounded.count.text).toContain('LIMIT $3) bounded');
    expect(bounded.count.values).toEqual([USER, 'e', 1001]);
    const exact = searchStatements({ ...base, name: 'e' }, USER, null);
    expect(exact.count.text).toBe('SELECT count(*) AS n FROM ledger_transactions t WHERE t.user_id = $1 AND NOT t.deleted AND strpos(lower(t.name), lower($2)) > 0');
    expect(exact.count.values).toEqual([USER, 'e']);
    expect(exact.page).toEqual(bounded.page);
  });
});

describe('searchStatement', () => {
  it('a short name is probed in the user’s newest rows, then read from the letters’ index or walked on: all bound, the text never in the SQL', () => {
    const statement = searchStatement({ ...base, name: "q'", amount: -500, offset: 60 }, USER);
    // user, name, amount, offset, limit, the walk's bound, then the probe's size and its rarity bound.
    expect(statement.values).toEqual([USER, "q'", '-500', 60, 30, SEARCH_COUNT_BOUND + 1, SHORT_NAME_PROBE, SHORT_NAME_RARE]);
    expect(statement.text).not.toContain("q'");
    // The probe marks rows meeting every filter; the letters' branch asks the text's letter pairs.
    expect(statement.text).toContain('coalesce(strpos(lower(t.name), lower($2)) > 0 AND t.amount_cents = $3::bigint, false) AS hit');
    expect(statement.text).toContain('ledger_name_grams(t.name) @> ledger_text_grams($2)');
    expect(statement.text).toContain('(t.date, t.seq) < (SELECT date, seq FROM last)');
    expect(statement.text).toContain('LIMIT $7');
    expect(statement.text).toContain('< $8::int');
  });

  it('a word, no name, or "walk" asks for one walk and no probe', () => {
    for (const statement of [
      searchStatement({ ...base, name: 'kroger' }, USER),
      searchStatement({ ...base, absAmount: 4500 }, USER),
      searchStatement({ ...base, name: 'q' }, USER, SEARCH_COUNT_BOUND, 'walk'),
    ]) {
      expect(statement.text).not.toContain('probe');
      expect(statement.text).not.toContain('ledger_name_grams');
      expect(statement.values).toHaveLength(5);
    }
    expect(searchStatement({ ...base, name: 'q' }, USER, SEARCH_COUNT_BOUND, 'walk').values).toEqual([USER, 'q', 0, 30, SEARCH_COUNT_BOUND + 1]);
  });
});
