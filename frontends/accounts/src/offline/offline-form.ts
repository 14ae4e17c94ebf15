import { dollarsFromCents, type Cents } from '@budget/money';
import { hasErrorList } from '@budget/web';

export interface OfflineAccountForm {
  institutionName: string;
  accountName: string;
  balance: Cents;
  type: string;
  subtype: string;
  tracking: string;
  /** The APR as typed; only loans have one. */
  rate: string;
  startDate: string;
}

export type OfflineField = keyof OfflineAccountForm;
export type OfflineErrors = { fields: Partial<Record<OfflineField, string>>; general: string | null };

export const OFFLINE_MESSAGES = {
  institutionName: 'Institution name is required',
  accountName: 'Account name is required',
  startDate: 'Start date is required',
  rate: 'The rate must be a number',
} as const;

export const isLoan = (form: Pick<OfflineAccountForm, 'type'>) => form.type === 'loan';

export function initialOfflineForm(startDate: string): OfflineAccountForm {
  return { institutionName: '', accountName: '', balance: 0, type: 'depository', subtype: 'checking', tracking: 'Transactions', rate: '', startDate };
}

/** The offline account rules of spec §5; `withInstitution` is false when adding to an existing one. */
export function validateOffline(form: OfflineAccountForm, withInstitution = true): OfflineErrors {
  const fields: OfflineErrors['fields'] = {};
  if (withInstitution && form.institutionName.trim() === '') fields.institutionName = OFFLINE_MESSAGES.institutionName;
  if (form.accountName.trim() === '') fields.accountName = OFFLINE_MESSAGES.accountName;
  if (form.startDate.trim() === '') fields.startDate = OFFLINE_MESSAGES.startDate;
  if (isLoan(form) && form.rate.trim() !== '' && !Number.isFinite(Number(form.rate))) fields.rate = OFFLINE_MESSAGES.rate;
  return { fields, general: null };
}

/** One account as the server takes it; the rate is sent for loans only. */
export function accountBody(form: OfflineAccountForm) {
  return {
    name: form.accountName.trim(),
    balance: dollarsFromCents(form.balance),
    type: form.type,
    subtype: form.subtype,
    tracking: form.tracking,
    rate: isLoan(form) && form.rate.trim() !== '' ? Number(form.rate) : null,
  };
}

/** POST /api/v1/institution (offline): {institution:{name}, accounts:[…], startDate}. */
export function offlineInstitutionBody(form: OfflineAccountForm) {
  return { institution: { name: form.institutionName.trim() }, accounts: [accountBody(form)], startDate: form.startDate };
}

/** POST /api/v1/institution/{id}/accounts: one account with its start date. */
export function newAccountBody(form: OfflineAccountForm) {
  return { ...accountBody(form), startDate: form.startDate };
}

const SERVER_FIELDS: Record<string, OfflineField> = {
  'institution.name': 'institutionName',
  name: 'accountName',
  balance: 'balance',
  type: 'type',
  subtype: 'subtype',
  tracking: 'tracking',
  rate: 'rate',
  startDate: 'startDate',
};

/** Maps the server's errors ("institution.name", "accounts.0.name", …) onto the form's fields. */
export function offlineServerErrors(body: unknown, fallback: string): OfflineErrors {
  if (!hasErrorList(body)) return { fields: {}, general: fallback };
  const fields: OfflineErrors['fields'] = {};
  const general: string[] = [];
  for (const entry of body.errors) {
    const raw = typeof entry.field === 'string' ? entry.field : typeof entry.source?.pointer === 'string' ? entry.source.pointer : '';
    const field = SERVER_FIELDS[raw.replace(/^accounts\.\d+\./, '').replace(/^\//, '')];
    const message = typeof entry.message === 'string' ? entry.message : typeof entry.detail === 'string' ? entry.detail : fallback;
    if (field) fields[field] ??= message;
    else general.push(message);
  }
  return { fields, general: general.length > 0 ? general.join(' ') : null };
}
