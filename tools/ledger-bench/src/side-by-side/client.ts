import { Agent, request } from 'undici';
import { waitForMailTo } from '@budget/platform';

/** Which server a call goes to. */
export type Side = 'original' | 'ours';
export const SIDES: readonly Side[] = ['original', 'ours'];

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface Answer {
  status: number;
  body: string;
}

/** An answer's body as JSON (null when empty or not JSON). */
export function json(answer: Answer): Json | null {
  if (!answer.body) return null;
  try {
    return JSON.parse(answer.body) as Json;
  } catch {
    return null;
  }
}

export const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300;

export function expectOk(answer: Answer, what: string): Json | null {
  if (!ok(answer)) throw new Error(`${what} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  return json(answer);
}

const PASSWORD = 'Bench-side-123';

/**
 * One server under test, driven as the web client drives it (product-spec §7): JSON bodies, a
 * bearer access token, paths under /api/v1. A 401 (an access token that ran out during a long
 * seed) signs in again with the password and repeats the call once.
 *
 * Calls go through undici's `request` on a keep-alive agent of its own, not `fetch`: on this
 * 2-core machine the bench shares the cores with both servers, and `fetch`'s WHATWG streams cost
 * the client about as much CPU a request as a cached read costs our server, which capped every
 * read's throughput near 1,500 a second whatever the server did (README, "Side by side").
 */
export class Server {
  access = '';
  username = '';
  private readonly agent = new Agent({ connections: 64, keepAliveTimeout: 30_000 });

  constructor(
    readonly side: Side,
    readonly base: string,
  ) {}

  async close(): Promise<void> {
    await this.agent.close();
  }

  async call(method: string, path: string, body?: unknown): Promise<Answer> {
    let answer = await this.send(method, path, body);
    if (answer.status === 401 && this.username && path !== 'login') {
      await this.login();
      answer = await this.send(method, path, body);
    }
    return answer;
  }

  private async send(method: string, path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.access) headers.authorization = `Bearer ${this.access}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await request(`${this.base}/api/v1/${path}`, {
      method: method as 'GET',
      headers,
      dispatcher: this.agent,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.statusCode, body: await response.body.text() };
  }

  /** Signs in as the user an earlier run signed up with `tag` (`--reuse`). */
  async signIn(tag: string): Promise<void> {
    this.username = `${tag}${this.side === 'original' ? 'o' : 'u'}`;
    await this.login();
  }

  async login(): Promise<void> {
    const answer = await this.send('POST', 'login', { username: this.username, password: PASSWORD });
    const data = expectOk(answer, `${this.side}: login`);
    const access = data?.data?.access as string | undefined;
    if (!access) throw new Error(`${this.side}: login answered no access token: ${answer.body.slice(0, 200)}`);
    this.access = access;
  }

  /**
   * A fresh user, as product-spec §7 signs one up: POST /register, then
   * - ours: POST /code-verify with the code of the welcome e-mail (read from the outbox folder);
   * - the original: it sends the code by SMTP too, but its login needs no verification
   *   (server-behaviour §4.1 "the user is not activated, and login does not require activation"),
   *   so it signs in with the password.
   */
  async signUp(tag: string, outbox: string): Promise<void> {
    const username = `${tag}${this.side === 'original' ? 'o' : 'u'}`;
    const email = `${username}@example.test`;
    const since = new Date(Date.now() - 1000);
    expectOk(await this.send('POST', 'register', { username, email, password: PASSWORD, passwordConfirmation: PASSWORD }), `${this.side}: register`);
    this.username = username;
    if (this.side === 'original') {
      await this.login();
      return;
    }
    const mail = await waitForMailTo(outbox, email, { since, timeoutMs: 60_000 });
    const code = /[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(mail.text)?.[0];
    if (!code) throw new Error(`ours: no code in the mail to ${email}`);
    const data = expectOk(await this.send('POST', 'code-verify', { email, code }), 'ours: code-verify');
    this.access = data?.data?.access as string;
  }
}
