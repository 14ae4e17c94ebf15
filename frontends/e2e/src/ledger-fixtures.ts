/** Dates and bank files for the ledger e2e test, relative to today so the rows fall after the start date. */

const two = (n: number) => String(n).padStart(2, '0');

/** A local calendar date `days` before today as YYYY-MM-DD. */
export function isoDaysAgo(days: number, today = new Date()): string {
  const date = new Date(today.getFullYear(), today.getMonth(), today.getDate() - days);
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

const ofxDate = (iso: string) => iso.replace(/-/g, '');
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

export interface BankRow {
  id: string;
  date: string;
  name: string;
  amount: string;
}

/** An OFX 1.x (SGML) bank statement with the given rows and ledger balance. */
export function ofxFile(rows: readonly BankRow[], ledgerBalance: string): string {
  const transactions = rows
    .map((r) => `<STMTTRN><TRNTYPE>${r.amount.startsWith('-') ? 'DEBIT' : 'CREDIT'}<DTPOSTED>${ofxDate(r.date)}<TRNAMT>${r.amount}<FITID>${r.id}<NAME>${r.name}</STMTTRN>`)
    .join('\n');
  const asOf = ofxDate(rows.at(-1)?.date ?? isoDaysAgo(0));
  return [
    'OFXHEADER:100', 'DATA:OFXSGML', 'VERSION:102', '', '<OFX>',
    '<BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD',
    '<BANKACCTFROM><BANKID>121000248<ACCTID>4455<ACCTTYPE>CHECKING</BANKACCTFROM>',
    '<BANKTRANLIST>', transactions, '</BANKTRANLIST>',
    `<LEDGERBAL><BALAMT>${ledgerBalance}<DTASOF>${asOf}</LEDGERBAL>`,
    '</STMTRS></STMTTRNRS></BANKMSGSRSV1>', '</OFX>', '',
  ].join('\n');
}

/** A bank CSV export: Date (MM/DD/YYYY), Description, Amount. */
export function csvFile(rows: readonly BankRow[]): string {
  return ['Date,Description,Amount', ...rows.map((r) => `${usDate(r.date)},${r.name},${r.amount}`), ''].join('\n');
}
