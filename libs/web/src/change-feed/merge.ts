import type { FeedChange } from '@budget/contracts';

/** Several changes of the feed as one: the union of what they touched, at the last position. */
export function mergeFeedChanges(changes: readonly FeedChange[]): FeedChange | null {
  if (changes.length === 0) return null;
  const union = (pick: (c: FeedChange) => string[]) => [...new Set(changes.flatMap(pick))];
  return {
    position: changes[changes.length - 1]!.position,
    accounts: union((c) => c.accounts),
    categories: union((c) => c.categories),
    institutions: union((c) => c.institutions),
    allCategories: changes.some((c) => c.allCategories),
    budget: changes.some((c) => c.budget),
    rules: changes.some((c) => c.rules),
  };
}
