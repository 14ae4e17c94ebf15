/** One bank row of a test OFX file: dates as YYYYMMDD, the amount as the file writes it ("-10.00"). */
export interface OfxRow {
  fitid: string;
  date: string;
  amount: string;
  name: string;
}

/** A checking account's OFX (SGML 1.02) statement of `rows`, as a bank's download is. */
export function ofxFile(rows: readonly OfxRow[], period: { start: string; end: string; ledgerBalance: string }): string {
  return `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII

<OFX>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
<STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>111<ACCTID>9876<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>${period.start}<DTEND>${period.end}
${rows.map((r) => `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>${r.date}<TRNAMT>${r.amount}<FITID>${r.fitid}<NAME>${r.name}</STMTTRN>`).join('\n')}
</BANKTRANLIST>
<LEDGERBAL><BALAMT>${period.ledgerBalance}<DTASOF>${period.end}</LEDGERBAL>
</STMTRS></STMTTRNRS></BANKMSGSRSV1>
</OFX>
`;
}
