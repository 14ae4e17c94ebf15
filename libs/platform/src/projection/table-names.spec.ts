import { describe, expect, test } from 'vitest';
import { tableIdentifier } from './table-names.js';

describe('tableIdentifier', () => {
  test('quotes a plain lower-case name', () => {
    expect(tableIdentifier('budget_groups')).toBe('"budget_groups"');
  });

  test.each(['Budget', 'a.b', 'x; DROP TABLE users', '"q"', '', '1abc'])('refuses %j', (name) => {
    expect(() => tableIdentifier(name)).toThrow(/table name/);
  });
});
