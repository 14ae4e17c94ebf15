/** One entry of a server error list; the server uses either naming. */
interface ServerErrorEntry {
  field?: unknown;
  source?: { pointer?: unknown };
  message?: unknown;
  detail?: unknown;
  code?: unknown;
}

export interface FormErrors<F extends string> {
  /** The first message for each known field. */
  fields: Partial<Record<F, string>>;
  /** Messages that belong to no known field, joined for the form's general error area. */
  general: string | null;
}

function fieldOf(entry: ServerErrorEntry): string | null {
  const raw = typeof entry.field === 'string' ? entry.field : entry.source?.pointer;
  if (typeof raw !== 'string' || raw === '') return null;
  // A JSON pointer such as "/data/attributes/email" names its field in its last segment.
  return raw.split('/').filter((part) => part !== '').pop() ?? null;
}

/**
 * Where a form shows an entry: the server files "Passwords must match the confirmed password" on
 * `password` with the code `confirmed` (server-behaviour §4.1); a form with a confirmation field
 * shows it under that field, where the mismatch is fixed.
 */
function formFieldOf(entry: ServerErrorEntry, known: ReadonlySet<string>): string | null {
  const field = fieldOf(entry);
  if (field === 'password' && entry.code === 'confirmed' && known.has('passwordConfirmation')) return 'passwordConfirmation';
  return field;
}

/** What the user reads when the server refused a send because of the action's Idempotency-Key. */
export const KEY_MESSAGES: Record<string, string> = {
  reused: 'Your earlier Save reached the server and was recorded with the values you had then; these changes were not saved. Close this dialog to see it.',
  in_progress: 'Your earlier Save is still being carried out. Press Save again in a moment.',
};

function messageOf(entry: ServerErrorEntry): string {
  // The key is the client's own business: the user is told what happened to their earlier Save.
  const keyMessage = entry.field === 'Idempotency-Key' && typeof entry.code === 'string' ? KEY_MESSAGES[entry.code] : undefined;
  if (keyMessage !== undefined) return keyMessage;
  if (typeof entry.message === 'string') return entry.message;
  if (typeof entry.detail === 'string') return entry.detail;
  return typeof entry.code === 'string' ? entry.code : 'Invalid value';
}

/** Whether a response body carries the server's `errors` list. */
export function hasErrorList(body: unknown): body is { errors: ServerErrorEntry[] } {
  return typeof body === 'object' && body !== null && Array.isArray((body as { errors?: unknown }).errors);
}

/**
 * Maps a server error body `{errors:[{field|source.pointer, message|detail, code}]}` onto the
 * given form fields. Returns null when the body carries no errors list.
 */
export function toFormErrors<F extends string>(body: unknown, fields: readonly F[]): FormErrors<F> | null {
  if (!hasErrorList(body)) return null;
  const known = new Set<string>(fields);
  const result: Partial<Record<F, string>> = {};
  const general: string[] = [];
  for (const entry of body.errors) {
    const field = formFieldOf(entry, known);
    const message = messageOf(entry);
    if (field !== null && known.has(field)) {
      result[field as F] ??= message;
    } else if (!general.includes(message)) {
      general.push(message);
    }
  }
  return { fields: result, general: general.length > 0 ? general.join(' ') : null };
}

/**
 * The errors left once the user changed the given fields: a field's message goes as soon as the
 * field is edited, and is checked again on the next Save. The same object comes back when nothing
 * was cleared.
 */
export function withoutFieldErrors<E extends { fields: Partial<Record<string, string>> }>(errors: E, changed: Iterable<string>): E {
  const names = [...changed].filter((name) => errors.fields[name] !== undefined);
  if (names.length === 0) return errors;
  const fields = { ...errors.fields };
  for (const name of names) delete fields[name];
  return { ...errors, fields };
}
