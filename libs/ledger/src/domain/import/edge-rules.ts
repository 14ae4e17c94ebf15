import { BANK_ROW_NAME_MAX, bankRowName } from '../bank-rows/bank-row.decide.js';
import { isCalendarDate } from '../dates.js';
import { ImportFileError, type ImportedRow } from './imported-row.js';

/**
 * The longest de-duplication key a bank row may carry: OFX allows a FITID of 255 characters, and
 * the key is stored in the read model's unique index (a B-tree entry must stay well under 2,700 bytes).
 */
export const IMPORTED_ID_MAX = 320;

/** Amounts the API takes have at most 13 whole digits (MAX_DOLLARS): below 10^15 cents. */
const AMOUNT_LIMIT_CENTS = 10 ** 15;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Rows as the API would have taken them typed, and what was changed to get there. */
export interface EdgeCheckedRows {
  rows: ImportedRow[];
  /** One line per kind of change, for the import's answer ("2 names longer than 500 characters were cut to 500."). */
  notes: string[];
}

/**
 * The API's edge rules (libs/contracts `fields.ts`) applied to rows read from a bank file or feed,
 * whichever parser read them: a name is kept without control characters, NUL or lone surrogates
 * and cut to the 500 characters a typed name may have (the rest of the row is worth keeping, so it
 * is cut, not refused, and the answer says how many were); a date must lie in 1900–2199 and an
 * amount within 13 whole digits, and a key must be short and well formed — otherwise the whole file
 * is refused naming the row, as the parsers do, so nothing of a half-read file is stored. A key
 * seen earlier in the same file is skipped (and counted in the notes): one key is one stream.
 */
export function applyImportEdgeRules(rows: readonly ImportedRow[]): EdgeCheckedRows {
  let cut = 0;
  let repeated = 0;
  const keys = new Set<string>();
  const checked = rows.flatMap((row, index) => {
    const where = `Row ${index + 1}`;
    if (!isCalendarDate(row.date)) throw new ImportFileError(`${where}: the date ${row.date} is not a date between 1900-01-01 and 2199-12-31.`);
    if (!Number.isSafeInteger(row.amount) || Math.abs(row.amount) >= AMOUNT_LIMIT_CENTS) {
      throw new ImportFileError(`${where}: the amount has more than 13 whole digits.`);
    }
    if (row.providerId.length > IMPORTED_ID_MAX || row.providerId.includes('\u0000') || LONE_SURROGATE.test(row.providerId)) {
      throw new ImportFileError(`${where}: its transaction id (FITID) is longer than 255 characters or holds characters that are not allowed.`);
    }
    // Some banks repeat a FITID within one file; the row's stream is the key's, so only the first is kept.
    if (keys.has(row.providerId)) {
      repeated += 1;
      return [];
    }
    keys.add(row.providerId);
    const wellFormed = row.name.replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD');
    const name = bankRowName(wellFormed);
    if (Array.from(wellFormed.trim()).length > BANK_ROW_NAME_MAX) cut += 1;
    return [name === row.name ? row : { ...row, name }];
  });
  const notes: string[] = [];
  if (cut > 0) notes.push(`${cut} ${cut === 1 ? 'name was' : 'names were'} longer than ${BANK_ROW_NAME_MAX} characters and cut to ${BANK_ROW_NAME_MAX}.`);
  if (repeated > 0) notes.push(`${repeated} ${repeated === 1 ? 'row repeated' : 'rows repeated'} the transaction id (FITID) of an earlier row in the file and ${repeated === 1 ? 'was' : 'were'} skipped.`);
  return { rows: checked, notes };
}
