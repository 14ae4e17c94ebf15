import { describe, expect, it } from 'vitest';
import { searchStatement } from './search-transactions.sql.js';

const USER = 'user-1';

describe('searchStatement', () => {
  it('binds the name as a contains-pattern with %, _ and \\ escaped, never in the SQL text', () => {
    const { text, values } = searchStatement({ name: "50%_o'k\\", amount: null, offset: 30, limit: 30 }, USER);
    expect(values).toEqual([USER, 30, 30, "%50\\%\\_o'k\\\\%"]);
    expect(text).toContain('t.name ILIKE $4');
    expect(text).not.toContain("o'k");
    expect(text).not.toContain('amount_cents =');
  });

  it('binds an amount in cents as text for bigint, after the name', () => {
    const { text, values } = searchStatement({ name: 'cafe', amount: -1234, offset: 0, limit: 30 }, USER);
    expect(values).toEqual([USER, 0, 30, '%cafe%', '-1234']);
    expect(text).toContain('t.amount_cents = $5::bigint');
  });

  it('an amount alone takes $4; no filter leaves only the owner and liveness', () => {
    expect(searchStatement({ name: null, amount: 0, offset: 0, limit: 5 }, USER)).toMatchObject({ values: [USER, 0, 5, '0'] });
    const none = searchStatement({ name: null, amount: null, offset: 0, limit: 30 }, USER);
    expect(none.values).toEqual([USER, 0, 30]);
    expect(none.text).toContain('WHERE t.user_id = $1 AND NOT t.deleted\n');
    expect(none.text).not.toContain('ILIKE');
  });
});
