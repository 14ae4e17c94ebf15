import type { Cents } from './cents.js';
import { spreadFunding, type FundingSourceSpec } from './funding-spread.js';

/** One category in the funding dialog. */
export interface FundingLine {
  categoryId: string;
  /** The amount typed or proposed for the category itself. */
  base: Cents;
  /** Where its money comes from; empty means 100 % from the remainder category (the Funding Pool). */
  sources: readonly FundingSourceSpec[];
  /** Pass-through: it also receives what other categories draw from it (rule 14). */
  includeFundingTransfers: boolean;
}

/** One split of the funding transaction (type 2), money in cents. */
export interface FundingSplit {
  categoryId: string;
  amount: Cents;
  baseAmount: Cents;
  funder: boolean;
  fundingCategories: FundingSourceSpec[];
  includeFundingTransfers: boolean;
}

/** Pass-through categories that draw from one another in a loop have no defined funding. */
export class FundingCycle extends Error {
  constructor(readonly categoryIds: readonly string[]) {
    super(`The funding sources form a loop: ${categoryIds.join(' → ')}`);
  }
}

/**
 * The funded amount of every line: its base, plus — for a pass-through line — what the other
 * lines draw from it, however deep the chain (server-behaviour §4.4.6; the original visited each
 * category once in id order and could miss deep chains).
 */
export function fundedAmounts(lines: readonly FundingLine[], remainderTo: string): Map<string, Cents> {
  const byId = new Map(lines.map((line) => [line.categoryId, line]));
  if (byId.size !== lines.length) throw new RangeError('buildFunding takes one line per category');
  const done = new Map<string, Cents>();
  const visiting: string[] = [];

  const amountOf = (line: FundingLine): Cents => {
    const known = done.get(line.categoryId);
    if (known !== undefined) return known;
    if (visiting.includes(line.categoryId)) throw new FundingCycle([...visiting.slice(visiting.indexOf(line.categoryId)), line.categoryId]);
    visiting.push(line.categoryId);
    let amount = line.base;
    if (line.includeFundingTransfers) {
      for (const other of lines) {
        if (other === line || !sourcesOf(other, remainderTo).some((s) => s.categoryId === line.categoryId)) continue;
        const drawn = spreadFunding(amountOf(other), sourcesOf(other, remainderTo), remainderTo);
        amount += drawn.find((p) => p.categoryId === line.categoryId)?.amount ?? 0;
      }
    }
    visiting.pop();
    done.set(line.categoryId, amount);
    return amount;
  };

  for (const line of byId.values()) amountOf(line);
  return done;
}

function sourcesOf(line: FundingLine, remainderTo: string): readonly FundingSourceSpec[] {
  return line.sources.length > 0 ? line.sources : [{ categoryId: remainderTo, amount: 10_000, percentage: true }];
}

/**
 * The splits of a funding transaction: each funded line receives its funded amount, and every
 * source is drawn down by what the lines take from it (`funder: true`, negative). The splits add
 * up to zero, so funding moves money between categories and never creates or destroys it.
 */
export function buildFunding(lines: readonly FundingLine[], remainderTo: string): FundingSplit[] {
  const amounts = fundedAmounts(lines, remainderTo);
  const drawn = new Map<string, Cents>();
  const splits: FundingSplit[] = [];
  for (const line of lines) {
    const amount = amounts.get(line.categoryId) ?? line.base;
    for (const part of spreadFunding(amount, sourcesOf(line, remainderTo), remainderTo)) {
      drawn.set(part.categoryId, (drawn.get(part.categoryId) ?? 0) + part.amount);
    }
    if (amount === 0 && line.base === 0) continue;
    splits.push({
      categoryId: line.categoryId,
      amount,
      baseAmount: line.base,
      funder: false,
      fundingCategories: [...line.sources],
      includeFundingTransfers: line.includeFundingTransfers,
    });
  }
  for (const [categoryId, amount] of drawn) {
    if (amount === 0) continue;
    splits.push({ categoryId, amount: -amount, baseAmount: 0, funder: true, fundingCategories: [], includeFundingTransfers: false });
  }
  return splits;
}
