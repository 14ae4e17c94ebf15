import { z } from 'zod';
import { money, pathId, text, wholeNumber } from '../common/fields.js';
import { route } from '../common/route.js';
import { ledgerAccountBalance, ledgerCategoryBalance } from './views.js';

const TAG = 'ledger: imports';

/**
 * Largest bank file we read. The HTTP body limit is 10 MB (services/api `create-app.ts`), room for
 * a 5 MB file as JSON text with escapes; a 5,000-row OFX file is about 1.5 MB.
 */
export const MAX_BANK_FILE = 5 * 1024 * 1024;
const MISSING_FILE = 'missing file data';

/** The text of a bank file: not blank, at most 5 MB, no NUL or lone surrogates. */
export function bankFile() {
  return z
    .string({ error: MISSING_FILE })
    .max(MAX_BANK_FILE, { error: 'The file is larger than 5 MB.' })
    .refine((value) => value.trim() !== '', { error: MISSING_FILE })
    .pipe(text({ max: MAX_BANK_FILE }));
}

const accountParams = z.object({ id: pathId() });

/** What an import answers: the counts, our balance against the file's, and the balances that moved. */
export const importResult = z
  .object({
    data: z.object({
      added: z.number().int(),
      /** The new rows left in Unassigned (no auto-assignment rule claimed them). */
      unassigned: z.number().int().optional(),
      updated: z.number().int(),
      unchanged: z.number().int(),
      balance: money,
      fileBalance: money.nullable(),
      balanceMatches: z.boolean().nullable(),
      categories: z.array(ledgerCategoryBalance),
      acctBalances: z.array(ledgerAccountBalance),
      /** What the API's edge rules changed in the rows ("2 names were longer than 500 characters and cut to 500."). */
      notes: z.array(z.string()),
    }),
  })
  .meta({ id: 'LedgerImportResult' });

/**
 * POST /account/{id}/ofx: the OFX/QFX file as the raw body (product-spec §7), or `{ofx: text}` as
 * JSON. New rows go to Unassigned; rows already stored are not added again.
 */
export const importOfx = route({
  id: 'importOfx',
  method: 'POST',
  path: '/account/{id}/ofx',
  summary: 'Import an OFX/QFX file into an account',
  tag: TAG,
  status: 201,
  params: accountParams,
  bodyType: 'text',
  body: z.union([bankFile(), z.object({ ofx: bankFile() }).transform(({ ofx }) => ofx)], { error: MISSING_FILE }),
  response: importResult,
  errors: [404, 413],
});

/** The field separators a CSV file may use; 'auto' detects one of them. */
export const CSV_DELIMITER_CHOICES = ['auto', ',', ';', '\t'] as const;
const delimiter = z.enum(CSV_DELIMITER_CHOICES, { error: 'The delimiter must be auto, a comma, a semicolon or a tab.' });
/** How the file writes decimals: '.' (1,234.56) or ',' (1.234,56). */
const decimalSeparator = z.enum(['.', ','], { error: 'The decimal separator must be "." or ",".' });

/** The columns a CSV mapping names (0-based). */
const column = (name: string) =>
  wholeNumber({ min: 0, max: 999, message: `The ${name} column is not valid.` }).nullable().optional().transform((value) => value ?? undefined);

export const csvMapping = z.object(
  {
    date: wholeNumber({ min: 0, max: 999, message: 'Choose the date column.' }),
    payee: wholeNumber({ min: 0, max: 999, message: 'Choose the payee column.' }),
    amount: column('amount'),
    inflow: column('inflow'),
    outflow: column('outflow'),
    dateFormat: z.enum(['YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY'], { error: 'The date format is not one we read.' }).optional().default('MM/DD/YYYY'),
    hasHeader: z.boolean({ error: 'hasHeader must be true or false.' }).optional().default(true),
    delimiter: delimiter.optional().default('auto'),
    decimalSeparator: decimalSeparator.optional().default('.'),
  },
  { error: 'Choose the columns to import.' },
);

export const previewCsv = route({
  id: 'previewCsv',
  method: 'POST',
  path: '/account/{id}/csv/preview',
  summary: "A CSV file's header, first rows and a suggested column mapping",
  tag: TAG,
  status: 201,
  params: accountParams,
  body: z.object({ text: bankFile(), delimiter: delimiter.optional().default('auto') }),
  response: z.object({
    data: z.object({
      /** The delimiter read: the one asked for, or the one detected. */
      delimiter: z.enum([',', ';', '\t']),
      /** The decimal separator the amounts suggest; the mapping asks the user to confirm it. */
      decimalSeparator,
      header: z.array(z.string()),
      rows: z.array(z.array(z.string())),
      rowCount: z.number().int(),
      mapping: z.object({
        date: z.number().int().optional(),
        payee: z.number().int().optional(),
        amount: z.number().int().optional(),
        inflow: z.number().int().optional(),
        outflow: z.number().int().optional(),
      }),
    }),
  }),
  errors: [404, 413],
});

/** POST /account/{id}/csv `{text, mapping}`: either an amount column, or inflow and/or outflow columns. */
export const importCsv = route({
  id: 'importCsv',
  method: 'POST',
  path: '/account/{id}/csv',
  summary: 'Import a CSV file into an account with a column mapping',
  tag: TAG,
  status: 201,
  params: accountParams,
  body: z.object({
    text: bankFile(),
    mapping: csvMapping.refine((m) => m.amount !== undefined || m.inflow !== undefined || m.outflow !== undefined, {
      error: 'Choose an amount column, or inflow and outflow columns.',
      path: ['amount'],
    }),
  }),
  response: importResult,
  errors: [404, 413],
});

/** OFX and CSV import. */
export const importRoutes = [importOfx, previewCsv, importCsv];
