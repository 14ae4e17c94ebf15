import { recordPath, type Id } from '@budget/web';

export const INSTITUTION_NAME_REQUIRED = 'Institution name is required';

/** /api/v1/institution/{id}: rename (PATCH) and delete (DELETE). */
export const institutionPath = (institutionId: Id) => recordPath('/api/v1/institution', institutionId);

/** /api/v1/institution/{id}/accounts: add an account (POST). */
export const institutionAccountsPath = (institutionId: Id) => `${institutionPath(institutionId)}/accounts`;

/** /api/v1/institution/{id}/accounts/{accountId}: delete an account (DELETE). */
export const institutionAccountPath = (institutionId: Id, accountId: Id) => recordPath(institutionAccountsPath(institutionId), accountId);
