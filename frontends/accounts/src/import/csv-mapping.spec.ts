import { describe, expect, it } from 'vitest';
import { columnNames, dateLikeColumn, decimalHint, guessDateFormat, initialMapping, mappingBody, mappingProblem, previewRows, type CsvPreview } from './csv-mapping.js';

const preview: CsvPreview = {
  header: ['Posted Date', 'Description', 'Amount'],
  rows: [['03/05/2025', 'Coffee', '-4.50'], ['03/06/2025', 'Refund', '12.00']],
  rowCount: 2,
  mapping: { date: 0, payee: 1, amount: 2 },
  delimiter: ',',
  decimalSeparator: '.',
};

describe('CSV column mapping', () => {
  it('preselects the suggested mapping and guesses the date format', () => {
    expect(initialMapping(preview)).toEqual({
      date: '0', payee: '1', amountMode: 'single', amount: '2', inflow: '', outflow: '', dateFormat: 'MM/DD/YYYY', hasHeader: true,
      delimiter: 'auto', decimalSeparator: '.',
    });
    const split = initialMapping({ ...preview, mapping: { date: 0, payee: 1, inflow: 3, outflow: 4 } });
    expect([split.amountMode, split.inflow, split.outflow]).toEqual(['split', '3', '4']);
  });

  it('finds the date column by its values when the header does not name it', () => {
    const unnamed = { ...preview, header: ['Posted', 'Payee', 'Debit'], mapping: { payee: 1 } };
    expect(initialMapping(unnamed).date).toBe('0');
    expect(dateLikeColumn([['Cafe', '2025-03-05'], ['Bar', '2025-03-06']])).toBe(1);
    expect(dateLikeColumn([['Cafe', '4.50']])).toBeNull();
  });

  it('reads ISO and day-first dates', () => {
    expect(guessDateFormat(['2025-03-05'])).toBe('YYYY-MM-DD');
    expect(guessDateFormat(['05/03/2025', '25/03/2025'])).toBe('DD/MM/YYYY');
    expect(guessDateFormat([])).toBe('MM/DD/YYYY');
  });

  it('says what is missing and sends column indexes', () => {
    const mapping = initialMapping(preview);
    expect(mappingProblem({ ...mapping, payee: '' })).toBe('Choose the payee column.');
    expect(mappingProblem({ ...mapping, amountMode: 'split' })).toBe('Choose the inflow or outflow column.');
    expect(mappingProblem(mapping)).toBeNull();
    expect(mappingBody(mapping)).toEqual({ date: 0, payee: 1, amount: 2, dateFormat: 'MM/DD/YYYY', hasHeader: true, delimiter: 'auto', decimalSeparator: '.' });
    expect(mappingBody({ ...mapping, amountMode: 'split', inflow: '2', outflow: '' })).toEqual({
      date: 0, payee: 1, inflow: 2, outflow: undefined, dateFormat: 'MM/DD/YYYY', hasHeader: true, delimiter: 'auto', decimalSeparator: '.',
    });
  });

  it('asks how a semicolon file writes decimals instead of guessing, hinting what the amounts look like', () => {
    const semicolon: CsvPreview = { ...preview, delimiter: ';', decimalSeparator: ',', rows: [['05.03.2025', 'Café', '-4,50']] };
    const mapping = initialMapping(semicolon, ';');
    expect([mapping.delimiter, mapping.decimalSeparator]).toEqual([';', '']);
    expect(mappingProblem(mapping)).toBe('Choose how the amounts write decimals.');
    expect(decimalHint(semicolon)).toBe('The amounts look like 1.234,56 (decimal comma).');
    expect(mappingBody({ ...mapping, decimalSeparator: ',' })).toMatchObject({ delimiter: ';', decimalSeparator: ',' });
    expect(decimalHint(preview)).toBeNull();
  });

  it('names columns by the header, or by number when the file has none', () => {
    expect(columnNames(preview, true)).toEqual(['Posted Date', 'Description', 'Amount']);
    expect(columnNames(preview, false)).toEqual(['Column 1', 'Column 2', 'Column 3']);
    expect(previewRows(preview, false)).toHaveLength(3);
  });
});
