import { z } from 'zod';
import { id, idOut, isoDate, money, pageQuery } from '../common/fields.js';
import type { RouteContract } from '../common/route.js';
import { route } from '../common/route.js';

const TAG = 'ledger: transfer pairs';

/** One side of a candidate transfer: the bank row as it stands, in its account. */
export const transferLegView = z.object({
  transactionId: idOut,
  accountId: idOut,
  accountName: z.string(),
  name: z.string(),
  date: isoDate,
  amount: money,
});
export type TransferLegView = z.infer<typeof transferLegView>;

/** Two bank rows that may be one transfer between the user's accounts: money out first, then money in. */
export const transferCandidateView = z.object({
  pairId: idOut,
  legs: z.tuple([transferLegView, transferLegView]),
});
export type TransferCandidateView = z.infer<typeof transferCandidateView>;

const pairParams = z.object({ pairId: id('The pair must be a valid id.') });

/**
 * GET /transfer-pairs/candidates (README "Transfer pairs"): the pairs a bank sync found but could
 * not record alone — a row with several candidates, or no transfer hint from the bank — whose two
 * rows are still live, unpaired and in Unassigned; newest first, a page of 30 unless `limit` says
 * otherwise. Pairs the sync recorded alone are not listed (their rows are in Account Transfer).
 */
export const listTransferCandidates = route({
  id: 'listTransferCandidates',
  method: 'GET',
  path: '/transfer-pairs/candidates',
  summary: 'Bank transactions that may be transfers between your own accounts, to confirm or decline',
  tag: TAG,
  query: pageQuery,
  response: z.object({ data: z.array(transferCandidateView) }),
});

/**
 * POST /transfer-pairs/{pairId}/confirm: the two rows become one transfer — both wholly in the
 * Account Transfer category, each naming the other; the transaction log has a line for each row
 * naming both accounts. Confirming a recorded pair again changes nothing; a declined pair, or a
 * row deleted, given a category or paired with another row since, is a 422 with the reason.
 */
export const confirmTransferPair = route({
  id: 'confirmTransferPair',
  method: 'POST',
  path: '/transfer-pairs/{pairId}/confirm',
  summary: 'Record a candidate pair as one transfer between your accounts',
  tag: TAG,
  params: pairParams,
  response: null,
});

/** POST /transfer-pairs/{pairId}/decline: the two rows are not one transfer; the pair is never offered again. A recorded pair is a 422. */
export const declineTransferPair = route({
  id: 'declineTransferPair',
  method: 'POST',
  path: '/transfer-pairs/{pairId}/decline',
  summary: 'Say a candidate pair is not a transfer',
  tag: TAG,
  params: pairParams,
  response: null,
});

export const transferPairRoutes: RouteContract[] = [listTransferCandidates, confirmTransferPair, declineTransferPair];
