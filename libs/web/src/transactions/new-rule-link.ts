/**
 * "Make a rule from this one": the query parameter that opens Home's Add Auto Assignment dialog
 * prefilled from a transaction's name. The register lives in several remotes and the rule dialog in
 * Home's, and a remote never imports another: so the register navigates to
 * `/auto-assignments?new=<name>` and the rules page opens its dialog from the URL.
 */
export const NEW_RULE_PARAM = 'new';

/** The link to a new rule prefilled from a transaction's name. */
export const newRuleHref = (name: string) => `/auto-assignments?${new URLSearchParams({ [NEW_RULE_PARAM]: name }).toString()}`;
