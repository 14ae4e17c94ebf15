import { z } from 'zod';
import { bool, dollars, id, idOut, isoDate, money, pathId, text } from '../common/fields.js';
import { route } from '../common/route.js';

/** Longest name and search string of a rule; at most this many strings and category rows. */
export const RULE_NAME_MAX = 200;
export const SEARCH_STRING_MAX = 200;
export const RULE_LIST_MAX = 100;

/**
 * One category row of a rule, as the spec's client sends it (product-spec §7, server-behaviour
 * §4.5): `{id, categoryId, amount, percentage}` — `id` is the client's row number (negative for a
 * new row) and is ignored, the rows are replaced as a whole. `amount` is dollars, or a percentage
 * with two decimals; both are read into hundredths (cents, or basis points).
 */
export const ruleCategoryInput = z
  .object({
    id: z.union([z.number(), z.string().max(40)]).nullable().optional(),
    categoryId: id('There are one or more items not assigned a category.'),
    amount: dollars().refine((hundredths) => hundredths >= 0, { error: 'The amount must not be negative.' }),
    percentage: bool().optional().transform((value) => value ?? false),
  })
  .superRefine((entry, context) => {
    if (entry.percentage && entry.amount > 10_000) context.addIssue({ code: 'custom', path: ['amount'], message: 'A percentage must be at most 100.' });
  });

const SEARCH_STRING_NEEDED = 'At least one search string must be provided.';

/** The search strings as sent: trimmed, blanks dropped (at least one unless another condition is set). */
const searchStringsField = z
  .array(text({ max: SEARCH_STRING_MAX, message: 'A search string must be text.' }), { error: 'The search strings must be a list.' })
  .max(RULE_LIST_MAX)
  .transform((strings) => strings.map((s) => s.trim()).filter((s) => s.length > 0));

/**
 * A rule's conditions besides "the name contains" (docs/architecture.md §4.5), all optional — the
 * spec's client sends none, and a rule without them is what it always was:
 * - `nameMatch`: `equals` — the whole name (trimmed, any case) is one of the search strings;
 * - `amount: {min, max}`: the signed amount in dollars lies between them, both included (either
 *   null: unbounded; equal: the amount equals it);
 * - `accountIds`: the row is in one of these accounts (each the caller's, 422 on `accountIds.<n>`).
 * With an amount or account condition the search strings may be empty (the rule then matches on those alone).
 */
const ruleConditionFields = {
  nameMatch: z.enum(['contains', 'equals'], { error: 'The name must match by "contains" or "equals".' }).optional(),
  amount: z
    .object({ min: dollars().nullable().optional(), max: dollars().nullable().optional() }, { error: 'The amount must be {min, max}.' })
    .nullable()
    .optional(),
  accountIds: z.array(id('Each account must be a valid id.'), { error: 'The accounts must be a list.' }).max(RULE_LIST_MAX).optional(),
};

/** No search string is refused unless an amount bound or an account is set. */
const needsSearchString = (value: { searchStrings: string[]; amount?: { min?: number | null | undefined; max?: number | null | undefined } | null | undefined; amountMin?: number | undefined; amountMax?: number | undefined; accountIds?: string[] | undefined }) =>
  value.searchStrings.length === 0 &&
  (value.amount?.min ?? null) === null && (value.amount?.max ?? null) === null &&
  value.amountMin === undefined && value.amountMax === undefined &&
  (value.accountIds?.length ?? 0) === 0;

/** A rule's body for POST and PATCH: the whole rule (PATCH replaces its name, strings, rows and conditions). */
export const autoAssignmentBody = z
  .object({
    name: text({ max: RULE_NAME_MAX, min: 1, message: 'A name must be provided.' })
      .transform((value) => value.trim())
      .refine((value) => value.length > 0, { error: 'A name must be provided.' }),
    searchStrings: searchStringsField,
    /** Left out or empty: Unassigned at 100 percent (product-spec §5). */
    categories: z.array(ruleCategoryInput, { error: 'The categories must be a list.' }).max(RULE_LIST_MAX).optional(),
    ...ruleConditionFields,
  })
  .superRefine((value, context) => {
    if (needsSearchString(value)) context.addIssue({ code: 'custom', path: ['searchStrings'], message: SEARCH_STRING_NEEDED });
  });
export type AutoAssignmentBody = z.output<typeof autoAssignmentBody>;

/** A category row in an answer: `id` is the row's place (1, 2, …); `amount` dollars or a percentage. */
export const ruleCategoryView = z.object({ id: z.number().int(), categoryId: idOut, amount: money, percentage: z.boolean() });

/** One "apply to existing" of a rule: when, how many rows it assigned, whether it was undone. */
export const ruleApplicationView = z.object({ id: idOut, date: isoDate, count: z.number().int(), undone: z.boolean() });

/**
 * A rule as POST and PATCH answer it. The conditions besides "name contains" are present only when
 * set (a rule without them answers exactly as the spec's server did).
 */
export const autoAssignmentView = z
  .object({
    id: idOut,
    name: z.string(),
    searchStrings: z.array(z.string()),
    categories: z.array(ruleCategoryView),
    nameMatch: z.literal('equals').optional(),
    amount: z.object({ min: money.nullable(), max: money.nullable() }).optional(),
    accountIds: z.array(idOut).optional(),
  })
  .meta({ id: 'AutoAssignment' });
export type AutoAssignmentView = z.infer<typeof autoAssignmentView>;

/** A rule as GET /auto-assignments lists it: with its applications, oldest first (the UI offers to undo the last). */
export const listedAutoAssignmentView = autoAssignmentView.extend({ applications: z.array(ruleApplicationView) }).meta({ id: 'ListedAutoAssignment' });
export type ListedAutoAssignmentView = z.infer<typeof listedAutoAssignmentView>;

export const autoAssignmentIdParams = z.object({ id: pathId() });

/**
 * GET /auto-assignments: the caller's rules, sorted by name (case-insensitive), as a BARE array
 * (server-behaviour §4.5: the spec's client reads it unwrapped).
 */
export const listAutoAssignments = route({
  id: 'listAutoAssignments',
  method: 'GET',
  path: '/auto-assignments',
  summary: 'The auto-assignment rules',
  tag: 'rules',
  response: z.array(listedAutoAssignmentView),
});

/** POST /auto-assignments: a new rule, answered bare (server-behaviour §4.5); a category that is not the caller's is a 422 on its row. */
export const addAutoAssignment = route({
  id: 'addAutoAssignment',
  method: 'POST',
  path: '/auto-assignments',
  summary: 'Add an auto-assignment rule',
  tag: 'rules',
  status: 201,
  body: autoAssignmentBody,
  response: autoAssignmentView,
});

/** PATCH /auto-assignments/{id}: replaces the rule's name, search strings and category rows; answers the bare rule (server-behaviour §4.5). */
export const changeAutoAssignment = route({
  id: 'changeAutoAssignment',
  method: 'PATCH',
  path: '/auto-assignments/{id}',
  summary: 'Change an auto-assignment rule',
  tag: 'rules',
  params: autoAssignmentIdParams,
  body: autoAssignmentBody,
  response: autoAssignmentView,
  errors: [404],
});

/** DELETE /auto-assignments/{id}. */
export const deleteAutoAssignment = route({
  id: 'deleteAutoAssignment',
  method: 'DELETE',
  path: '/auto-assignments/{id}',
  summary: 'Delete an auto-assignment rule',
  tag: 'rules',
  status: 204,
  params: autoAssignmentIdParams,
  response: null,
  errors: [404],
});
/** One Unassigned transaction a draft rule would claim, with the splits it would get. */
export const ruleMatchView = z.object({
  transactionId: idOut,
  date: isoDate,
  name: z.string(),
  amount: money,
  searchString: z.string(),
  splits: z.array(z.object({ categoryId: idOut, amount: money })),
  /**
   * False for a row outside the budget: dated before its account's start date, it counts in no
   * category balance, so it takes the rule's splits but moves no balance.
   */
  inBudget: z.boolean(),
});

/** How a category's balance would move. */
export const balanceMoveView = z.object({ categoryId: idOut, balance: money, change: money, after: money });

/**
 * GET /auto-assignments/preview?searchStrings=…&searchStrings=…&categories=<JSON rows>[&nameMatch=equals]
 * [&amountMin=…][&amountMax=…][&accountIds=…] (docs/architecture.md §4.5): which of
 * ALL the caller's live Unassigned transactions a draft rule would match (`count` of them — what an
 * apply of the same rule now would change — the newest PREVIEW_MATCHES listed; `outsideBudget` of
 * them dated before their account's start date) and how each category balance would move if they
 * all were assigned (rows outside the budget move none).
 */
export const previewAutoAssignment = route({
  id: 'previewAutoAssignment',
  method: 'GET',
  path: '/auto-assignments/preview',
  summary: 'What a draft rule would assign among the Unassigned transactions',
  tag: 'rules',
  query: z
    .object({
      // Required as the spec's client sends it; a draft on conditions alone sends one blank string (`searchStrings=`).
      searchStrings: z.preprocess((v) => (typeof v === 'string' ? [v] : v), searchStringsField),
      categories: z.preprocess((v) => {
        if (typeof v !== 'string') return v;
        try {
          return JSON.parse(v);
        } catch {
          return v;
        }
      }, autoAssignmentBody.shape.categories),
      nameMatch: ruleConditionFields.nameMatch,
      amountMin: dollars().optional().meta({ description: 'The lowest signed amount, dollars (included)' }),
      amountMax: dollars().optional().meta({ description: 'The highest signed amount, dollars (included)' }),
      accountIds: z.preprocess((v) => (typeof v === 'string' ? [v] : v), ruleConditionFields.accountIds),
    })
    .superRefine((value, context) => {
      if (needsSearchString(value)) context.addIssue({ code: 'custom', path: ['searchStrings'], message: SEARCH_STRING_NEEDED });
    }),
  response: z.object({ data: z.object({ count: z.number().int(), outsideBudget: z.number().int(), matches: z.array(ruleMatchView), balances: z.array(balanceMoveView) }) }),
});

/** How many matches a preview lists. */
export const PREVIEW_MATCHES = 100;

/**
 * POST /auto-assignments/{id}/apply: applies a saved rule to the caller's live Unassigned
 * transactions — the application is recorded with its rows first, then the ledger assigns them in
 * one write; answers how many it assigned (`outsideBudget` of them before their account's start
 * date, moving no balance), the application's id (null when it matched none; the id its undo
 * takes) and how the balances moved. A retry with the same Idempotency-Key — after a 202 or a
 * crash — completes the same application and answers the same.
 */
export const applyAutoAssignment = route({
  id: 'applyAutoAssignment',
  method: 'POST',
  path: '/auto-assignments/{id}/apply',
  summary: 'Apply a rule to the existing Unassigned transactions',
  tag: 'rules',
  params: autoAssignmentIdParams,
  response: z.object({ data: z.object({ assigned: z.number().int(), outsideBudget: z.number().int(), applicationId: idOut.nullable(), balances: z.array(balanceMoveView) }) }),
  errors: [404],
});

/**
 * POST /auto-assignments/{id}/applications/{applicationId}/undo: puts back into Unassigned, in one
 * write, the rows that application assigned and that still carry the rule's splits unchanged;
 * rows edited or deleted since are left alone and counted as `skipped`. An application undone
 * already is a 422 (`applicationId`); 404 for a rule or application not the caller's.
 */
export const undoAutoAssignmentApplication = route({
  id: 'undoAutoAssignmentApplication',
  method: 'POST',
  path: '/auto-assignments/{id}/applications/{applicationId}/undo',
  summary: 'Undo one "apply to existing" of a rule',
  tag: 'rules',
  params: z.object({ id: pathId(), applicationId: pathId() }),
  response: z.object({ data: z.object({ restored: z.number().int(), skipped: z.number().int() }) }),
  errors: [404, 422],
});
