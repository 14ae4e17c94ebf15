import type { TestHttp } from './http-client.js';
import type { RecordingMailSender } from './recording-mail-sender.js';

export const GOOD_PASSWORD = 'Secret123';

export interface SignedUpUser {
  username: string;
  email: string;
  password: string;
  access: string;
  refresh: string;
}

let counter = 0;

/** A unique username and e-mail address for one test. */
export function newIdentity(label = 'user'): { username: string; email: string } {
  counter += 1;
  const tag = `${label}${counter}${Math.random().toString(36).slice(2, 8)}`;
  return { username: tag, email: `${tag}@example.test` };
}

/** Given a fresh user: register, read the welcome code, verify it; returns the signed-in user. */
export async function signUp(http: TestHttp, mail: RecordingMailSender, label?: string): Promise<SignedUpUser> {
  const { username, email } = newIdentity(label);
  const registered = await http.post('register', { username, email, password: GOOD_PASSWORD, passwordConfirmation: GOOD_PASSWORD });
  if (registered.status !== 200) throw new Error(`register answered ${registered.status}: ${registered.body}`);
  const verified = await http.post('code-verify', { email, code: mail.codeSentTo(email) });
  if (verified.status !== 200) throw new Error(`code-verify answered ${verified.status}: ${verified.body}`);
  const { access, refresh } = verified.json<{ data: { access: string; refresh: string } }>().data;
  return { username, email, password: GOOD_PASSWORD, access, refresh };
}
