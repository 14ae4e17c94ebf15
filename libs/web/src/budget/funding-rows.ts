import { dollarsFromCents, FULL_PERCENT, parseDollars, type FundingSourceSpec } from '@budget/money';
import type { Id } from '../data/id.js';

/**
 * One funding category row (spec §2 "Funding category rows", §3 "Funding category entry"):
 * `amount` is cents when fixed and basis points (1/100 of a percent) when `percentage`, so both
 * are whole hundredths, shown with two decimals.
 */
export interface FundingRow {
  key: string;
  categoryId: Id | null;
  amount: number;
  percentage: boolean;
}

/** A funding category as the wire carries it: dollars or percents with two decimals. */
export interface FundingCategoryWire {
  categoryId: Id;
  amount: number;
  percentage: boolean;
}

let nextKey = 0;
export const fundingRowKey = () => `funding-row-${++nextKey}`;

/** The default split: 100 percent from the Funding Pool (spec §3, §9). */
export function defaultFundingRows(fundingPoolId: Id | null): FundingRow[] {
  return [{ key: fundingRowKey(), categoryId: fundingPoolId, amount: FULL_PERCENT, percentage: true }];
}

/** A new row: Unassigned, 0, percent (spec §9). */
export function newFundingRow(unassignedId: Id | null): FundingRow {
  return { key: fundingRowKey(), categoryId: unassignedId, amount: 0, percentage: true };
}

/** Removes a row; the last remaining row is never removed (spec §2). */
export function removeFundingRow(rows: readonly FundingRow[], index: number): FundingRow[] {
  if (rows.length <= 1) return [...rows];
  return rows.filter((_, i) => i !== index);
}

/** Reads wire entries into rows; an empty or missing list gives the default split. */
export function fundingRowsFromWire(list: readonly { categoryId: unknown; amount: unknown; percentage?: unknown }[] | null | undefined, fundingPoolId: Id | null): FundingRow[] {
  const rows = (list ?? []).map((entry) => ({
    key: fundingRowKey(),
    categoryId: entry.categoryId == null ? null : String(entry.categoryId),
    amount: parseDollars(entry.amount) ?? 0,
    percentage: entry.percentage === true,
  }));
  return rows.length > 0 ? rows : defaultFundingRows(fundingPoolId);
}

/** Rows as the wire takes them; rows without a category are left out. */
export function fundingRowsToWire(rows: readonly FundingRow[]): FundingCategoryWire[] {
  return rows.flatMap((row) => (row.categoryId === null ? [] : [{ categoryId: row.categoryId, amount: dollarsFromCents(row.amount), percentage: row.percentage }]));
}

/** Rows as the shared funding maths of @budget/money takes them (cents or basis points). */
export function fundingSources(rows: readonly FundingRow[]): FundingSourceSpec[] {
  return rows.flatMap((row) => (row.categoryId === null ? [] : [{ categoryId: row.categoryId, amount: row.amount, percentage: row.percentage }]));
}

export const FUNDING_ROW_MESSAGES = {
  category: 'There are one or more items not assigned a category.',
  percent: 'The percentages must add up to at most 100.',
} as const;

/** What is wrong with the rows, or null: every row needs a category; percentages total at most 100. */
export function fundingRowsError(rows: readonly FundingRow[]): string | null {
  if (rows.some((row) => row.categoryId === null)) return FUNDING_ROW_MESSAGES.category;
  const percent = rows.filter((row) => row.percentage).reduce((sum, row) => sum + row.amount, 0);
  return percent > FULL_PERCENT ? FUNDING_ROW_MESSAGES.percent : null;
}
