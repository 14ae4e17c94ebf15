import { timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, PG_POOL, withTransaction, type Clock, type Pool, type PoolClient } from '@budget/platform';
import { decideCodeAttempt, normalizeCode } from '../../domain/one-time-code.js';
import { CodeIssuer } from '../../codes/code-issuer.js';
import { RateLimiter } from '../../infra/rate-limiter.js';
import { RATE_LIMITS, type RateLimitTable } from '../../infra/rate-limits.js';
import { sha256Hex } from '../../infra/secrets.js';
import { CodesRepository, type StoredCode } from '../../persistence/codes.repository.js';
import { UsersRepository } from '../../persistence/users.repository.js';
import { SessionTokens, type TokenPair } from '../../session/session-tokens.js';
import { CodeOutcomeApplier } from './code-outcome-applier.js';

export type VerifyResult = { kind: 'signed-in'; tokens: TokenPair; username: string } | { kind: 'expired' } | { kind: 'invalid' } | { kind: 'email-taken' };

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * POST /code-verify: the code sent to `email` signs the user in. A sign-in code also marks the
 * address verified; an e-mail-change code makes the pending address the user's e-mail. Wrong
 * guesses are counted on every unused code of the address, and they are committed even though
 * the answer is a 422.
 */
@Injectable()
export class VerifyCodeService {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CodesRepository) private readonly codes: CodesRepository,
    @Inject(CodeIssuer) private readonly issuer: CodeIssuer,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(SessionTokens) private readonly sessions: SessionTokens,
    @Inject(CodeOutcomeApplier) private readonly applier: CodeOutcomeApplier,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(RATE_LIMITS) private readonly limits: RateLimitTable,
  ) {}

  async verify(email: string, typedCode: string, clientIp: string): Promise<VerifyResult> {
    await this.limiter.consume(`code-verify:ip:${clientIp}`, this.limits.codeVerifyPerIp);
    await this.limiter.consume(`code-verify:email:${sha256Hex(email)}`, this.limits.codeVerifyPerEmail);
    const code = normalizeCode(typedCode);
    return withTransaction(this.pool, (client) => this.judge(client, email, code));
  }

  private async judge(client: PoolClient, email: string, code: string | null): Promise<VerifyResult> {
    const now = this.clock.now();
    const candidates = await this.codes.unusedForAddressForUpdate(client, email);
    const match = code === null ? undefined : candidates.find((c) => sameHash(c.codeHash, this.issuer.hashOf(c.purpose, email, code)));
    if (!match) {
      await this.countWrongGuess(client, candidates, now);
      return { kind: 'invalid' };
    }
    const outcome = decideCodeAttempt(match, true, now);
    if (outcome.kind === 'expired') return { kind: 'expired' };
    if (outcome.kind !== 'accepted') return { kind: 'invalid' };
    await this.codes.consume(client, match.userId, match.purpose, now);
    const applied = await this.applier.apply(client, match, now);
    if (applied !== 'ok') return { kind: applied };
    const user = await this.users.byId(client, match.userId);
    if (!user) return { kind: 'invalid' };
    return { kind: 'signed-in', tokens: await this.sessions.start(client, user.id), username: user.username };
  }

  private async countWrongGuess(client: PoolClient, candidates: StoredCode[], now: Date): Promise<void> {
    for (const candidate of candidates) {
      if (decideCodeAttempt(candidate, false, now).kind === 'wrong') await this.codes.recordFailure(client, candidate.userId, candidate.purpose);
    }
  }
}
