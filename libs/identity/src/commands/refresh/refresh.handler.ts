import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { refreshTokens, RouteResponse } from '@budget/contracts';
import { CLOCK, PG_POOL, withTransaction, type Clock, type Pool } from '@budget/platform';
import { decideRefresh } from '../../domain/refresh-rotation.js';
import { sha256Hex } from '../../infra/secrets.js';
import { RefreshTokensRepository } from '../../persistence/refresh-tokens.repository.js';
import { SessionsRepository } from '../../persistence/sessions.repository.js';
import { SessionTokens, type TokenPair } from '../../session/session-tokens.js';
import { RefreshRefused } from './refresh-refused.js';
import { RefreshCommand } from './refresh.command.js';

/**
 * POST /refresh: a fresh token is spent and replaced by a new pair of the same session. A spent
 * token presented again means a copy exists: the whole session (every token of the family, and
 * its access tokens at the guard) is revoked, and that revocation is committed before answering.
 * A refused token (unknown, spent, expired, missing) answers 401 with an empty body.
 */
@CommandHandler(RefreshCommand)
export class RefreshHandler implements ICommandHandler<RefreshCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(RefreshTokensRepository) private readonly tokens: RefreshTokensRepository,
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
    @Inject(SessionTokens) private readonly pairs: SessionTokens,
  ) {}

  async execute({ refreshToken }: RefreshCommand): Promise<RouteResponse<typeof refreshTokens>> {
    const pair = refreshToken ? await this.rotate(refreshToken) : null;
    if (!pair) throw new RefreshRefused();
    return { data: pair };
  }

  /** The new pair, or null when the token must be refused. */
  private async rotate(token: string): Promise<TokenPair | null> {
    const hash = sha256Hex(token);
    return withTransaction(this.pool, async (client) => {
      const now = this.clock.now();
      const stored = await this.tokens.findForUpdate(client, hash);
      const decision = decideRefresh(stored, now);
      if (decision === 'reject' || !stored) return null;
      if (decision === 'revoke-family') {
        await this.sessions.revoke(client, stored.sessionId, 'refresh-token-reuse', now);
        return null;
      }
      await this.tokens.markUsed(client, hash, now);
      return this.pairs.mint(client, stored.userId, stored.sessionId);
    });
  }
}
