import { parseDollars } from '@budget/money';
import { isCalendarDate } from '../dates.js';
import { ImportFileError, type ImportedRow, type ParsedFile } from './imported-row.js';

/** The value of a leaf element, in SGML (`<TAG>value`) or XML (`<TAG>value</TAG>`) form. */
function leaf(block: string, tag: string): string | null {
  const match = new RegExp(`<${tag}>([^<\\r\\n]*)`, 'i').exec(block);
  const value = match?.[1]?.trim();
  return value ? decodeEntities(value) : null;
}

/** The five XML entities and numeric references (`&#233;`, `&#xE9;`); a reference to no character stays as written. */
function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d{1,7});|&#x([0-9a-f]{1,6});/gi, (whole, dec: string | undefined, hex: string | undefined) => {
      const code = dec !== undefined ? Number(dec) : parseInt(hex!, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}

/** OFX dates are `YYYYMMDD[HHMMSS[.XXX]][[±offset][:TZ]]`; the calendar date is the first eight digits. */
function ofxDate(value: string | null): string | null {
  const match = value ? /^(\d{4})(\d{2})(\d{2})/.exec(value) : null;
  if (!match) return null;
  const date = `${match[1]}-${match[2]}-${match[3]}`;
  return isCalendarDate(date) ? date : null;
}

/** OFX amounts may carry trailing zeros past the cents ("-19.990"); more precision is refused. */
function ofxAmount(value: string | null): number | null {
  if (!value) return null;
  const normalised = value.replace(',', '.').replace(/^(-?\d*\.\d\d)0+$/, '$1');
  return parseDollars(normalised);
}

/**
 * Reads bank (`STMTRS`) and credit-card (`CCSTMTRS`) statements from OFX 1.x SGML or 2.x XML. Every
 * transaction must have a FITID, a posted date and an amount in cents; otherwise the whole file is
 * refused with the reason.
 */
export function parseOfx(text: string): ParsedFile {
  if (!/<OFX>/i.test(text)) throw new ImportFileError('The file is not an OFX file: it has no <OFX> element.');
  const statements = [...text.matchAll(/<(CC)?STMTRS>([\s\S]*?)<\/(CC)?STMTRS>/gi)].map((m) => m[2] ?? '');
  if (statements.length === 0) throw new ImportFileError('The file holds no bank or credit-card statement.');
  const rows: ImportedRow[] = [];
  let ledgerBalance: number | null = null;
  for (const statement of statements) {
    const accountId = leaf(statement, 'ACCTID') ?? '';
    for (const [index, match] of [...statement.matchAll(/<STMTTRN>([\s\S]*?)<\/STMTTRN>/gi)].entries()) {
      const block = match[1] ?? '';
      const position = `Transaction ${index + 1}`;
      const fitid = leaf(block, 'FITID');
      if (!fitid) throw new ImportFileError(`${position} has no FITID.`);
      if (fitid.length > 255) throw new ImportFileError(`${position} has a FITID longer than the 255 characters OFX allows.`);
      const date = ofxDate(leaf(block, 'DTPOSTED'));
      if (!date) throw new ImportFileError(`${position} (${fitid}) has no valid DTPOSTED date.`);
      const amount = ofxAmount(leaf(block, 'TRNAMT'));
      if (amount === null) throw new ImportFileError(`${position} (${fitid}) has no valid TRNAMT amount.`);
      const name = leaf(block, 'NAME') ?? leaf(block, 'PAYEE') ?? leaf(block, 'MEMO') ?? 'Unknown';
      rows.push({ providerId: `ofx:${accountId}:${fitid}`, date, name, amount });
    }
    const ledger = /<LEDGERBAL>([\s\S]*?)(<\/LEDGERBAL>|<AVAILBAL>|<\/(CC)?STMTRS>)/i.exec(statement)?.[1];
    if (ledger) {
      const balance = ofxAmount(leaf(ledger, 'BALAMT'));
      if (balance === null) throw new ImportFileError('The ledger balance (LEDGERBAL/BALAMT) is not a valid amount.');
      ledgerBalance = (ledgerBalance ?? 0) + balance;
    }
  }
  return { rows, ledgerBalance };
}
