import { z } from 'zod';
import { text } from '../common/fields.js';
import { route } from '../common/route.js';

const TAG = 'bank linking';

/** One account a simulated bank opens (as the Plaid simulator lists it). */
const simulatorAccount = z.looseObject({
  account_id: z.string(),
  name: z.string(),
  mask: z.string().nullable().optional(),
  type: z.string(),
  subtype: z.string().nullable().optional(),
});

/** One simulated bank: Plaid's institution id and name, and the accounts Link would offer. */
export const simulatorInstitution = z
  .looseObject({ institution_id: z.string(), name: z.string(), accounts: z.array(simulatorAccount) })
  .meta({ id: 'SimulatorInstitution' });

/**
 * GET /simulator/institutions: the Plaid simulator's banks, for the simulated Link dialog. Only
 * when the server runs against the simulator (`PLAID_ENV=simulator`); otherwise 404. The browser
 * never talks to the simulator's port itself.
 */
export const listSimulatorInstitutions = route({
  id: 'listSimulatorInstitutions',
  method: 'GET',
  path: '/simulator/institutions',
  summary: "The Plaid simulator's banks and their accounts (PLAID_ENV=simulator only; 404 otherwise)",
  tag: TAG,
  response: z.object({ data: z.array(simulatorInstitution) }),
  errors: [502],
});

/**
 * POST /simulator/link/complete: what Plaid Link's onSuccess gives, from the simulator: a public
 * token for the bank and accounts picked with a new-link token, or (update mode, a token from
 * GET /institution/{id}/link-token) `publicToken: null` once the bank's login is repaired.
 * PLAID_ENV=simulator only; otherwise 404.
 */
export const completeSimulatorLink = route({
  id: 'completeSimulatorLink',
  method: 'POST',
  path: '/simulator/link/complete',
  summary: 'Finish a simulated Plaid Link (PLAID_ENV=simulator only; 404 otherwise)',
  tag: TAG,
  body: z.object({
    linkToken: text({ max: 1000, min: 1, message: 'The link token is required.' }),
    institutionId: text({ max: 100, message: 'The institution id must be text.' }).optional(),
    accountIds: z.array(text({ max: 200, message: 'Each account id must be text.' })).max(50).optional(),
  }),
  response: z.object({ publicToken: z.string().nullable() }),
  errors: [502],
});

export const simulatorRoutes = [listSimulatorInstitutions, completeSimulatorLink];
