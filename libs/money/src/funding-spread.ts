import type { Cents } from './cents.js';

/** 100 % in basis points (1/100 of a percent): percentages travel as whole numbers, like cents. */
export const FULL_PERCENT = 10_000;

/** One funding source of a category: fixed cents, or basis points of what the fixed sources leave. */
export interface FundingSourceSpec {
  categoryId: string;
  /** Cents when fixed; basis points when `percentage`. Never negative. */
  amount: number;
  percentage: boolean;
}

/** What one source gives towards a funded amount. */
export interface FundingPart {
  categoryId: string;
  amount: Cents;
}

/** Half-up rounding of `cents × basisPoints / 10 000`, in integers only. */
export function percentOf(cents: Cents, basisPoints: number): Cents {
  return Math.floor((cents * basisPoints + FULL_PERCENT / 2) / FULL_PERCENT);
}

function merge(parts: readonly FundingPart[], sign: 1 | -1): FundingPart[] {
  const byCategory = new Map<string, Cents>();
  for (const part of parts) byCategory.set(part.categoryId, (byCategory.get(part.categoryId) ?? 0) + part.amount);
  return [...byCategory]
    .filter(([, amount]) => amount !== 0)
    .map(([categoryId, amount]) => ({ categoryId, amount: sign * amount }));
}

/**
 * How `base` cents are drawn from a category's funding sources (server-behaviour §4.4.6, rule 13),
 * in cents, the parts always adding up to `base` exactly:
 * 1. fixed sources first, in their order, each taking at most what is still left;
 * 2. percentage sources then share what the fixed ones left: together they take their summed
 *    percentage of it (half-up rounding, at most all of it), each its own rounded share, and the
 *    LAST one absorbs the rounding (3 × 33.33 % of 1.00 → 0.33, 0.33, 0.34; a lone 50 % of 1.00
 *    → 0.50, where the original's sign error gave 0);
 * 3. what the sources leave (percentages under 100 %, fixed amounts short of the base, or no
 *    source at all) comes from `remainderTo` — the Funding Pool, the spec's default source — or,
 *    without it, from the last source.
 * A negative base (taking funding back) is spread like its absolute value, every part negated.
 * Parts of one category are merged and zero parts dropped.
 */
export function spreadFunding(base: Cents, sources: readonly FundingSourceSpec[], remainderTo?: string): FundingPart[] {
  if (base === 0) return [];
  const sign = base < 0 ? -1 : 1;
  let left = Math.abs(base);
  const parts: FundingPart[] = [];
  for (const source of sources.filter((s) => !s.percentage)) {
    const amount = Math.min(Math.max(0, source.amount), left);
    parts.push({ categoryId: source.categoryId, amount });
    left -= amount;
  }
  const percentages = sources.filter((s) => s.percentage);
  const remainder = left;
  const shareOfAll = Math.min(remainder, percentOf(remainder, percentages.reduce((sum, s) => sum + Math.max(0, s.amount), 0)));
  let shared = 0;
  percentages.forEach((source, index) => {
    const last = index === percentages.length - 1;
    const amount = last ? shareOfAll - shared : Math.min(percentOf(remainder, Math.max(0, source.amount)), shareOfAll - shared);
    parts.push({ categoryId: source.categoryId, amount });
    shared += amount;
  });
  left -= shared;
  if (left > 0) {
    const taker = remainderTo ?? sources[sources.length - 1]?.categoryId;
    if (taker === undefined) throw new RangeError('spreadFunding needs a source or a remainder category');
    parts.push({ categoryId: taker, amount: left });
  }
  return merge(parts, sign);
}
