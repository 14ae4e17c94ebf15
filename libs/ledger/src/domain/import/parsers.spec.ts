import { describe, expect, it } from 'vitest';
import { bankOfx, cardOfxXml } from '../../testing/fixtures/ofx.js';
import { parseCsv, readCsv, suggestMapping } from './csv-parser.js';
import { ImportFileError } from './imported-row.js';
import { parseOfx } from './ofx-parser.js';

describe('parseOfx', () => {
  it('reads a 1.x SGML bank statement with signs as in the file (rule 1) and its ledger balance', () => {
    const file = parseOfx(bankOfx([{ fitid: 'F1', date: '20250305', amount: '-19.99', name: 'COFFEE' }, { fitid: 'F2', date: '20250306', amount: '250.00', name: 'PAY' }]));
    expect(file.rows).toEqual([
      { providerId: 'ofx:9876:F1', date: '2025-03-05', name: 'COFFEE', amount: -1999 },
      { providerId: 'ofx:9876:F2', date: '2025-03-06', name: 'PAY', amount: 25000 },
    ]);
    expect(file.ledgerBalance).toBe(120433);
  });

  it('reads a 2.x XML credit-card statement with entities', () => {
    expect(parseOfx(cardOfxXml).rows).toEqual([{ providerId: 'ofx:4444:C1', date: '2025-03-05', name: 'BOOKS & MORE', amount: -1999 }]);
  });

  it.each([
    ['not ofx at all', 'no <OFX> element'],
    ['<OFX><SIGNONMSGSRSV1></SIGNONMSGSRSV1></OFX>', 'no bank or credit-card statement'],
    [bankOfx([{ fitid: 'F1', date: '20250230', amount: '-1', name: 'X' }]), 'no valid DTPOSTED'],
    [bankOfx([{ fitid: 'F1', date: '20250301', amount: '-1.999', name: 'X' }]), 'no valid TRNAMT'],
    [bankOfx([{ fitid: '', date: '20250301', amount: '-1', name: 'X' }]), 'has no FITID'],
  ])('refuses a malformed file (%#) with the reason', (text, reason) => {
    expect(() => parseOfx(text)).toThrow(ImportFileError);
    expect(() => parseOfx(text)).toThrow(reason);
  });
});

describe('CSV', () => {
  const text = 'Date,Description,Amount\n03/05/2025,"COFFEE, LARGE",-4.75\n03/05/2025,COFFEE,-4.75\n03/05/2025,COFFEE,-4.75\n03/06/2025,Refund,(10.00)\n';

  it('reads quoted fields and suggests a mapping from the header', () => {
    expect(readCsv(text)[1]).toEqual(['03/05/2025', 'COFFEE, LARGE', '-4.75']);
    expect(suggestMapping(readCsv(text)[0]!)).toEqual({ date: 0, payee: 1, amount: 2 });
  });

  it('keeps two identical rows apart and gives the same keys on a second read', () => {
    const mapping = { date: 0, payee: 1, amount: 2, dateFormat: 'MM/DD/YYYY' as const, hasHeader: true };
    const rows = parseCsv(text, mapping, 'acct');
    expect(rows.map((r) => r.amount)).toEqual([-475, -475, -475, -1000]);
    expect(new Set(rows.map((r) => r.providerId)).size).toBe(4);
    expect(parseCsv(text, mapping, 'acct')).toEqual(rows);
  });

  it('combines inflow and outflow columns', () => {
    const rows = parseCsv('Date,Payee,In,Out\n2025-03-01,Pay,100.00,\n2025-03-02,Shop,,25.50\n', { date: 0, payee: 1, inflow: 2, outflow: 3, dateFormat: 'YYYY-MM-DD', hasHeader: true }, 'a');
    expect(rows.map((r) => r.amount)).toEqual([10000, -2550]);
  });

  it('names the row and value it cannot read', () => {
    expect(() => parseCsv('Date,P,A\n2025-13-01,X,1\n', { date: 0, payee: 1, amount: 2, dateFormat: 'YYYY-MM-DD', hasHeader: true }, 'a')).toThrow('Row 2: "2025-13-01" is not a YYYY-MM-DD date.');
  });
});
