import { z } from 'zod';
import { idOut, pageQuery, pathId, timestamp } from '../common/fields.js';
import { PLAID_CALLS_PER_USER, route } from '../common/route.js';
import { simulatorRoutes } from './simulator.js';
import { bankSyncJobRoutes } from './sync.js';

const TAG = 'bank linking';

/**
 * `{linkToken}` (bare, as the spec's client reads it): the token that opens Plaid Link; `simulator`
 * says the server runs against the Plaid simulator, so the client shows its simulated Link dialog
 * (completed through POST /simulator/link/complete) in place of Plaid's script.
 */
const linkTokenAnswer = z.object({ linkToken: z.string(), simulator: z.boolean().optional() });

/** GET /user/link-token: Link for a new bank (server-behaviour §4.1). */
export const getUserLinkToken = route({
  id: 'getUserLinkToken',
  perUserLimit: PLAID_CALLS_PER_USER,
  method: 'GET',
  path: '/user/link-token',
  summary: 'A Plaid Link token to link a new bank',
  tag: TAG,
  response: linkTokenAnswer,
  errors: [502],
});

/** GET /institution/{id}/link-token: Link in update mode for a linked institution (relink, add accounts). */
export const getInstitutionLinkToken = route({
  id: 'getInstitutionLinkToken',
  perUserLimit: PLAID_CALLS_PER_USER,
  method: 'GET',
  path: '/institution/{id}/link-token',
  summary: "A Plaid Link token in update mode for one of the caller's linked institutions",
  tag: TAG,
  params: z.object({ id: pathId() }),
  response: linkTokenAnswer,
  errors: [502],
});

/** One product's health at the institution, as Plaid reports it. */
const productStatus = z.looseObject({
  status: z.string().optional(),
  last_status_change: z.string().nullable().optional(),
  breakdown: z.looseObject({ success: z.number(), error_plaid: z.number(), error_institution: z.number() }).optional(),
});

/** GET /institution/{id}/info: Plaid's institution object, bare (server-behaviour §4.2). */
export const getInstitutionInfo = route({
  id: 'getInstitutionInfo',
  perUserLimit: PLAID_CALLS_PER_USER,
  method: 'GET',
  path: '/institution/{id}/info',
  summary: "Plaid's institution record (name, url, logo, colours, per-product status) for a linked institution",
  tag: TAG,
  params: z.object({ id: pathId() }),
  response: z.looseObject({
    institution_id: z.string(),
    name: z.string(),
    products: z.array(z.string()),
    url: z.string().nullable().optional(),
    primary_color: z.string().nullable().optional(),
    logo: z.string().nullable().optional().meta({ description: 'base64 PNG' }),
    routing_numbers: z.array(z.string()).optional(),
    oauth: z.boolean().optional(),
    status: z.record(z.string(), productStatus.nullable()).nullable().optional(),
  }),
  errors: [502],
});

/** One Plaid call of the provider log; request and response are stored redacted. */
export const plaidLogEntry = z
  .object({
    id: idOut,
    createdAt: timestamp,
    endpoint: z.string(),
    status: z.number().int(),
    durationMs: z.number().int(),
    requestId: z.string().nullable(),
    errorCode: z.string().nullable(),
    institutionId: z.string().nullable().meta({ description: 'The Plaid item the call was about' }),
    userId: idOut.nullable(),
    request: z.unknown(),
    response: z.unknown(),
  })
  .meta({ id: 'PlaidLogEntry' });

/** GET /admin/plaid-logs: the provider log, newest first, for the ADMIN role only (anyone else: 404). */
export const listPlaidLogs = route({
  id: 'listPlaidLogs',
  method: 'GET',
  path: '/admin/plaid-logs',
  summary: 'The Plaid provider log, newest first, paged (ADMIN role only; anyone else gets 404)',
  tag: TAG,
  query: pageQuery,
  response: z.object({ data: z.array(plaidLogEntry), total: z.number().int() }),
});

export * from './sync.js';
export * from './simulator.js';

export const bankSyncRoutes = [getUserLinkToken, getInstitutionLinkToken, getInstitutionInfo, listPlaidLogs, ...bankSyncJobRoutes, ...simulatorRoutes];
