import { GENERIC_ERROR, hasErrorList, toFormErrors, type FormErrors } from '@budget/web';

/** The field an entry names, its list index and sub-field dropped: "fundingCategories.0.amount" → "fundingCategories". */
function topField(entry: Record<string, unknown>): string | undefined {
  const pointer = (entry.source as { pointer?: unknown } | undefined)?.pointer;
  const raw = typeof entry.field === 'string' ? entry.field : typeof pointer === 'string' ? pointer : undefined;
  const last = raw?.split('/').filter((part) => part !== '').pop();
  return last?.split('.')[0];
}

/**
 * The server's errors `{errors:[{field|source.pointer, message|detail, code}]}` on the form's
 * fields (nested fields count for their list), the rest as the general error; an answer without
 * an errors list gives the generic error.
 */
export function serverErrors<F extends string>(body: unknown, fields: readonly F[]): FormErrors<F> {
  if (!hasErrorList(body)) return { fields: {}, general: GENERIC_ERROR };
  const errors = body.errors.map((entry) => {
    const record = (entry ?? {}) as Record<string, unknown>;
    const field = topField(record);
    return field === undefined ? record : { ...record, field, source: undefined };
  });
  return toFormErrors({ errors }, fields) ?? { fields: {}, general: GENERIC_ERROR };
}
