import type { ScheduleBody } from '@budget/contracts';
import { splitsFrom } from '../../commands/transaction-context.js';
import type { ScheduleDraft } from '../domain/schedule.decide.js';

/** A checked POST/PATCH body as the decider takes it (cents; splits as a transaction's). */
export const scheduleDraft = (body: ScheduleBody): ScheduleDraft => ({
  accountId: body.accountId.toLowerCase(),
  name: body.name,
  amount: body.amount,
  splits: splitsFrom(body.categories ?? []),
  every: body.every,
  unit: body.unit,
  startDate: body.startDate,
  dayOfMonth: body.dayOfMonth ?? null,
  endDate: body.endDate ?? null,
  billId: body.billId ?? null,
});
