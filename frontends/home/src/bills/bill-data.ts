import { z } from 'zod';
import { idSchema, readList } from '@budget/web';

const amount = z.union([z.number(), z.string()]);

const billSchema = z.object({
  id: idSchema,
  name: z.string(),
  fundingAmount: amount.nullish(),
  goalDate: z.string().nullish(),
  recurrence: z.number().int().nullish(),
  suspended: z.boolean().nullish(),
  debits: amount.nullish(),
});

export type Bill = z.infer<typeof billSchema>;

/** GET /api/v1/bills: a list of bills, bare or in a data wrapper. */
export const readBills = (body: unknown) => readList(billSchema, body);

/** "Monthly", or "Every 3 months". */
export function recurrenceText(months: number | null | undefined): string {
  if (months == null) return '';
  return months === 1 ? 'Monthly' : `Every ${months} months`;
}
