import { describe, expect, it } from 'vitest';
import { bankOfx } from '../../testing/fixtures/ofx.js';
import { applyImportEdgeRules } from './edge-rules.js';
import { ImportFileError, type ImportedRow } from './imported-row.js';
import { parseOfx } from './ofx-parser.js';

const row = (overrides: Partial<ImportedRow> = {}): ImportedRow => ({ providerId: 'ofx:1:F1', date: '2025-03-05', name: 'SHOP', amount: -100, ...overrides });

describe('the API edge rules on imported rows', () => {
  it('cuts a 200,000-character OFX name to the 500 a typed name may have, and says so', () => {
    const { rows, notes } = applyImportEdgeRules(parseOfx(bankOfx([{ fitid: 'B1', date: '20250305', amount: '-1.00', name: 'N'.repeat(200_000) }])).rows);
    expect(rows[0]!.name).toBe('N'.repeat(500));
    expect(notes).toEqual(['1 name was longer than 500 characters and cut to 500.']);
  });

  it('keeps names without control characters or lone surrogates, never cutting a character in half', () => {
    const { rows, notes } = applyImportEdgeRules([row({ name: ' A\u0000B\tC\uD800 ' }), row({ providerId: 'ofx:1:F2', name: `${'x'.repeat(499)}😀😀` })]);
    expect(rows.map((r) => r.name)).toEqual(['A B C\uFFFD', `${'x'.repeat(499)}😀`]);
    expect(notes).toEqual(['1 name was longer than 500 characters and cut to 500.']);
  });

  it('leaves rows the API would take as they are, with no notes', () => {
    const rows = [row(), row({ providerId: 'csv:a:ff', name: 'Ünïcödé 😀', amount: 999_999_999_999_999 })];
    expect(applyImportEdgeRules(rows)).toEqual({ rows, notes: [] });
  });

  it('keeps the first of rows repeating a key (one key, one stream) and says how many it skipped', () => {
    const { rows, notes } = applyImportEdgeRules([row(), row({ name: 'AGAIN' }), row({ providerId: 'ofx:1:F2' })]);
    expect(rows.map((r) => r.providerId)).toEqual(['ofx:1:F1', 'ofx:1:F2']);
    expect(notes).toEqual(['1 row repeated the transaction id (FITID) of an earlier row in the file and was skipped.']);
  });

  it.each([
    [row({ date: '2200-01-01' }), 'Row 1: the date 2200-01-01 is not a date between 1900-01-01 and 2199-12-31.'],
    [row({ amount: 10 ** 15 }), 'Row 1: the amount has more than 13 whole digits.'],
    [row({ providerId: `ofx:1:${'F'.repeat(400)}` }), 'Row 1: its transaction id (FITID) is longer than 255 characters'],
    [row({ providerId: 'ofx:1:\u0000' }), 'holds characters that are not allowed'],
  ])('refuses the whole file for a row the API would refuse (%#)', (bad, reason) => {
    expect(() => applyImportEdgeRules([bad])).toThrow(ImportFileError);
    expect(() => applyImportEdgeRules([bad])).toThrow(reason);
  });
});
