import { timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock, type PoolClient } from '@budget/platform';
import { CodeIssuer } from '../../codes/code-issuer.js';
import { decideCodeAttempt, normalizeCode } from '../../domain/one-time-code.js';
import { CodesRepository, type StoredCode } from '../../persistence/codes.repository.js';
import { UsersRepository } from '../../persistence/users.repository.js';
import { SessionTokens, type TokenPair } from '../../session/session-tokens.js';
import { CodeOutcomeApplier } from './code-outcome-applier.js';

export type CodeVerdict = { kind: 'signed-in'; tokens: TokenPair; username: string } | { kind: 'expired' } | { kind: 'invalid' } | { kind: 'email-taken' };

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * Judges a typed code for an address, inside the caller's transaction: a match among the unused
 * codes of the address is spent, applied (address verified, or the pending one made the user's
 * e-mail) and signs the user in. A wrong guess is counted on every unused code of the address.
 */
@Injectable()
export class CodeJudge {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CodesRepository) private readonly codes: CodesRepository,
    @Inject(CodeIssuer) private readonly issuer: CodeIssuer,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(SessionTokens) private readonly sessions: SessionTokens,
    @Inject(CodeOutcomeApplier) private readonly applier: CodeOutcomeApplier,
  ) {}

  async judge(client: PoolClient, email: string, typedCode: string): Promise<CodeVerdict> {
    const now = this.clock.now();
    const code = normalizeCode(typedCode);
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
    return { kind: 'signed-in', tokens: await this.sessions.start(client, user.id, 'code'), username: user.username };
  }

  private async countWrongGuess(client: PoolClient, candidates: StoredCode[], now: Date): Promise<void> {
    for (const candidate of candidates) {
      if (decideCodeAttempt(candidate, false, now).kind === 'wrong') await this.codes.recordFailure(client, candidate.userId, candidate.purpose);
    }
  }
}
