import type { Cents } from '@budget/money';

/** How many days apart a bank row and the row it duplicates may be dated (either way). */
export const DUPLICATE_WINDOW_DAYS = 3;

/** A new bank row, as the duplicate rule sees it. */
export interface DuplicateProbe {
  transactionId: string;
  accountId: string;
  amount: Cents;
  date: string;
}

/**
 * An existing row a bank row may duplicate: live, manual or imported from an OFX or CSV file, not
 * flagged itself and not yet the original of another flagged row (the lookup's conditions).
 */
export interface DuplicateCandidate {
  transactionId: string;
  accountId: string;
  amount: Cents;
  date: string;
}

const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;

/**
 * The duplicate rule (server-behaviour §5.4, defined here): a new bank row duplicates an existing
 * manual, OFX or CSV row of the same account with the same amount in cents, dated at most 3 days
 * before or after it. Each original is claimed by one bank row at most (`claimed`: those taken by
 * earlier rows or chunks; the ones taken here are added to it). A row with several candidates takes
 * the closest in date, then the lowest id, so the answer never depends on the lookup's order.
 * Answers each flagged row's original, by the bank row's transaction id.
 */
export function decideDuplicates(
  rows: readonly DuplicateProbe[],
  candidates: readonly DuplicateCandidate[],
  claimed: Set<string> = new Set(),
): Map<string, string> {
  const flagged = new Map<string, string>();
  for (const row of rows) {
    const day = dayNumber(row.date);
    let best: { id: string; distance: number } | null = null;
    for (const c of candidates) {
      if (claimed.has(c.transactionId) || c.accountId.toLowerCase() !== row.accountId.toLowerCase() || c.amount !== row.amount) continue;
      const distance = Math.abs(dayNumber(c.date) - day);
      if (distance > DUPLICATE_WINDOW_DAYS) continue;
      if (!best || distance < best.distance || (distance === best.distance && c.transactionId < best.id)) best = { id: c.transactionId, distance };
    }
    if (best) {
      claimed.add(best.id);
      flagged.set(row.transactionId, best.id);
    }
  }
  return flagged;
}
