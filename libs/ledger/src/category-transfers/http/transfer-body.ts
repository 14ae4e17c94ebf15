import { parseDollars } from '@budget/money';
import { RuleViolation } from '../../domain/domain-error.js';
import type { FundingSource } from '../../domain/transaction.events.js';
import { amountField, optionalAmount } from '../../http/amounts.js';
import { asObject } from '../../http/request-parsing.js';
import type { ChangeCategoryTransfer } from '../domain/change-category-transfer.decide.js';
import type { TransferLine, TransferType } from '../domain/transfer-lines.js';

/** `type`: 2 funding, 3 rebalance; none at all is the From/To category-transfer dialog. */
function transferType(value: unknown): TransferType {
  if (value === undefined || value === null) return 'transfer';
  if (value === 2 || value === '2') return 'funding';
  if (value === 3 || value === '3') return 'rebalance';
  throw new RuleViolation('type', 'The type must be 2 (funding) or 3 (rebalance).', 'enum');
}

/** `YYYY-MM-DD`, or the date part of an ISO date-time; missing or blank is null (the decider says so). */
function dateField(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw new RuleViolation('date', 'A valid date must be provided.', 'date');
  const match = /^(\d{4}-\d{2}-\d{2})(T.*)?$/.exec(value.trim());
  return match ? match[1]! : value;
}

const id = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : null);

/** Funding sources: dollars or percents with two decimals on the wire, cents or basis points inside. */
function sources(value: unknown, field: string): FundingSource[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw new RuleViolation(field, 'The funding categories must be a list.', 'array');
  return value.map((raw, index) => {
    const entry = asObject(raw);
    const amount = parseDollars(entry.amount);
    if (amount === null || amount < 0) throw new RuleViolation(`${field}.${index}.amount`, 'The amount must be a number of at least 0 with at most two decimals.', 'number');
    return { categoryId: id(entry.categoryId) ?? '', amount, percentage: entry.percentage === true };
  });
}

function lines(value: unknown): TransferLine[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new RuleViolation('categories', 'The categories must be a list.', 'array');
  return value.map((raw, index) => {
    const line = asObject(raw);
    const field = `categories.${index}`;
    return {
      categoryId: id(line.categoryId),
      amount: amountField(line.amount, `${field}.amount`),
      comment: typeof line.comment === 'string' ? line.comment : null,
      ...(line.baseAmount !== undefined && line.baseAmount !== null && { baseAmount: optionalAmount(line.baseAmount, `${field}.baseAmount`) }),
      ...(typeof line.funder === 'boolean' && { funder: line.funder }),
      ...(typeof line.includeFundingTransfers === 'boolean' && { includeFundingTransfers: line.includeFundingTransfers }),
      ...(line.fundingCategories !== undefined && { fundingCategories: sources(line.fundingCategories, `${field}.fundingCategories`) }),
    };
  });
}

/** The body of POST and PATCH /category-transfer: `{date, categories, type, comment?, version?}`. */
export function transferBody(body: unknown): ChangeCategoryTransfer {
  const b = asObject(body);
  if (b.version !== undefined && (typeof b.version !== 'number' || !Number.isInteger(b.version))) {
    throw new RuleViolation('version', 'The version must be a whole number.', 'number');
  }
  return {
    type: transferType(b.type),
    date: dateField(b.date),
    lines: lines(b.categories),
    ...(b.comment !== undefined && { comment: typeof b.comment === 'string' ? b.comment : null }),
    ...(typeof b.version === 'number' && { version: b.version }),
  };
}
