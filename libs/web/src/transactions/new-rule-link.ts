/**
 * "Make a rule from this one": the query parameter that opens Home's Add Auto Assignment dialog
 * prefilled from a transaction's name. The register lives in several remotes and the rule dialog in
 * Home's, and a remote never imports another: so the register navigates to
 * `/auto-assignments?new=<name>` and the rules page opens its dialog from the URL.
 */
export const NEW_RULE_PARAM = 'new';

/** With "Make a rule?" (docs/architecture.md §4.5): the name must equal the payee, and its category. */
export const NEW_RULE_MATCH_PARAM = 'match';
export const NEW_RULE_CATEGORY_PARAM = 'category';

/** The link to a new rule prefilled from a transaction's name (and, from "Make a rule?", name equals and its category). */
export const newRuleHref = (name: string, options: { equals?: boolean; categoryId?: string | null } = {}) =>
  `/auto-assignments?${new URLSearchParams({
    [NEW_RULE_PARAM]: name,
    ...(options.equals && { [NEW_RULE_MATCH_PARAM]: 'equals' }),
    ...(options.categoryId && { [NEW_RULE_CATEGORY_PARAM]: options.categoryId }),
  }).toString()}`;
