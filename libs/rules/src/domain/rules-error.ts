/** A broken rule of a rule's fields, on one field: a 422 at the HTTP edge. */
export class RuleInputError extends Error {
  override readonly name = 'RuleInputError';
  constructor(
    readonly field: string,
    override readonly message: string,
    readonly code = 'invalid',
  ) {
    super(message);
  }
}

/** A rule that is not the caller's (or not there at all): a 404, whoever owns it. */
export class RuleNotFound extends Error {
  override readonly name = 'RuleNotFound';
  constructor() {
    super('Auto-assignment not found');
  }
}

export const RULE_MESSAGES = {
  category: 'The category must be one of your own categories.',
  percentages: 'The percentages of the categories must not add up to more than 100.',
} as const;
