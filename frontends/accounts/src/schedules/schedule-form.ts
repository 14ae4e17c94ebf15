import type { ScheduleView, ScheduleUnit } from '@budget/contracts';
import { centsToDecimalString } from '@budget/money';
import { wireCents } from '@budget/web';

/** The schedule dialog's fields as typed (docs/architecture.md §8 "Scheduled transactions"). */
export interface ScheduleForm {
  name: string;
  accountId: string;
  /** Dollars as typed; money out is negative. */
  amount: string;
  /** One category for the whole amount ('' : Unassigned). */
  categoryId: string;
  every: string;
  unit: ScheduleUnit;
  startDate: string;
  /** Months only; '' : the start date's day. */
  dayOfMonth: string;
  endDate: string;
  /** The bill (a BILL category) this schedule pays; '' : none. */
  billId: string;
}

export const SCHEDULE_FIELDS = ['name', 'accountId', 'amount', 'categories', 'every', 'unit', 'startDate', 'dayOfMonth', 'endDate', 'billId'] as const;

export function newScheduleForm(today: string, accountId = ''): ScheduleForm {
  return { name: '', accountId, amount: '', categoryId: '', every: '1', unit: 'month', startDate: today, dayOfMonth: '', endDate: '', billId: '' };
}

export function scheduleFormFrom(schedule: ScheduleView): ScheduleForm {
  return {
    name: schedule.name,
    accountId: schedule.accountId,
    // The wire's dollars read as cents, then shown as exact decimal text (money is never a float here).
    amount: centsToDecimalString(wireCents(schedule.amount)),
    categoryId: schedule.categories.length === 1 ? schedule.categories[0]!.categoryId : '',
    every: String(schedule.every),
    unit: schedule.unit,
    startDate: schedule.startDate,
    dayOfMonth: schedule.dayOfMonth === null ? '' : String(schedule.dayOfMonth),
    endDate: schedule.endDate ?? '',
    billId: schedule.billId ?? '',
  };
}

const AMOUNT = /^-?\d{1,13}(\.\d{1,2})?$/;

/** The field errors the server would answer, found before sending (the server checks again). */
export function validateSchedule(form: ScheduleForm): Record<string, string> {
  const errors: Record<string, string> = {};
  if (form.name.trim() === '') errors.name = 'A payee name must be provided.';
  if (form.accountId === '') errors.accountId = 'Choose an account.';
  if (!AMOUNT.test(form.amount.trim())) errors.amount = 'The amount must be a number with at most two decimals.';
  const every = Number(form.every);
  if (!Number.isInteger(every) || every < 1 || every > 366) errors.every = 'Every must be a whole number from 1 to 366.';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.startDate)) errors.startDate = 'A valid date must be provided.';
  if (form.endDate !== '' && form.endDate < form.startDate) errors.endDate = 'The end date must not be before the start date.';
  if (form.dayOfMonth !== '') {
    const day = Number(form.dayOfMonth);
    if (!Number.isInteger(day) || day < 1 || day > 31) errors.dayOfMonth = 'The day of the month must be a whole number from 1 to 31.';
  }
  return errors;
}

/** The POST/PATCH body: the amount as decimal text (read into cents exactly by the server), one split when a category is chosen. */
export function scheduleBody(form: ScheduleForm) {
  const amount = form.amount.trim();
  return {
    accountId: form.accountId,
    name: form.name.trim(),
    amount,
    categories: form.categoryId ? [{ categoryId: form.categoryId, amount }] : [],
    every: Number(form.every),
    unit: form.unit,
    startDate: form.startDate,
    dayOfMonth: form.unit === 'month' && form.dayOfMonth !== '' ? Number(form.dayOfMonth) : null,
    endDate: form.endDate === '' ? null : form.endDate,
    billId: form.billId === '' ? null : form.billId,
  };
}

/** "Every month on the 31st", "Every 2 weeks". */
export function recurrenceText(schedule: Pick<ScheduleView, 'every' | 'unit' | 'dayOfMonth' | 'startDate' | 'endDate'>): string {
  const unit = schedule.every === 1 ? schedule.unit : `${schedule.every} ${schedule.unit}s`;
  const day = schedule.unit === 'month' ? ` on day ${schedule.dayOfMonth ?? Number(schedule.startDate.slice(8, 10))}` : '';
  return `Every ${unit}${day}${schedule.endDate ? ` until ${schedule.endDate}` : ''}`;
}
