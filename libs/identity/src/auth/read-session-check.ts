import { Inject, Injectable } from '@nestjs/common';
import { AccessTokens } from './access-tokens.js';
import type { Caller } from './authenticated-request.js';
import { SessionsRepository } from '../persistence/sessions.repository.js';

/** The token of an `Authorization: Bearer <token>` header; null for any other header or none. */
export function bearerToken(header: unknown): string | null {
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** A signed-in GET: who asks, and their position in the read models' checkpoint, read with the session check. */
export interface CheckedRead {
  caller: Caller;
  position: string;
}

/** Requests whose read an earlier hook checked (the API's kept-answer hook), for the guard to take as they are. */
const checkedRequests = new WeakMap<object, CheckedRead>();

/**
 * The check of a signed-in request: the bearer token's signature and expiry, then that its session
 * is live — for a GET, in the same statement, the user's projected position (docs/architecture.md
 * §6.4). The auth guard runs it, and so does the API's kept-answer hook, which answers a kept read before Nest's
 * pipeline: a request the hook checked and let through is not checked again (`remember`).
 */
@Injectable()
export class ReadSessionCheck {
  constructor(
    @Inject(AccessTokens) private readonly tokens: AccessTokens,
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
  ) {}

  /** A GET's check: null when the header carries no valid token or its session is not live. */
  async check(authorization: unknown, checkpoint: string): Promise<CheckedRead | null> {
    const caller = await this.verified(authorization);
    if (!caller) return null;
    const live = await this.sessions.activeWithPosition(caller.sessionId, caller.userId, checkpoint);
    return live ? { caller, position: live.position } : null;
  }

  /** Any other request's check: the caller, or null when the header carries no valid token or its session is not live. */
  async caller(authorization: unknown): Promise<Caller | null> {
    const caller = await this.verified(authorization);
    return caller && (await this.sessions.isActive(caller.sessionId, caller.userId)) ? caller : null;
  }

  private async verified(authorization: unknown): Promise<Caller | null> {
    const token = bearerToken(authorization);
    return token ? this.tokens.verify(token) : null;
  }

  /** Marks `request` as checked, with what the check found. */
  remember(request: object, read: CheckedRead): void {
    checkedRequests.set(request, read);
  }

  /** What an earlier check of this request found, once. */
  take(request: object): CheckedRead | undefined {
    const read = checkedRequests.get(request);
    checkedRequests.delete(request);
    return read;
  }
}
