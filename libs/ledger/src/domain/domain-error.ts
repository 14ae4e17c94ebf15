/** A broken business rule, with the field it concerns; the HTTP edge turns it into a 422. */
export class RuleViolation extends Error {
  constructor(
    readonly field: string,
    override readonly message: string,
    readonly code = 'invalid',
  ) {
    super(message);
  }
}

/** An id that does not exist for this user: the HTTP edge answers 404 and nothing changes. */
export class UnknownReference extends Error {
  constructor(readonly what: string) {
    super(`${what} not found`);
  }
}

/** The user may not do this to this kind of transaction (e.g. edit a starting balance). */
export class ForbiddenChange extends Error {}

export const MESSAGES = {
  splitSum: 'The sum of the categories does not match the transaction amount.',
  splitCategory: 'There are one or more items not assigned a category.',
  date: 'A valid date must be provided.',
  amount: 'The amount must be a number with at most two decimals.',
  name: 'A name must be provided.',
} as const;
