import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, PG_POOL, withTransaction, type Clock, type Pool } from '@budget/platform';
import { sha256Hex } from '../../infra/secrets.js';
import { RefreshTokensRepository } from '../../persistence/refresh-tokens.repository.js';
import { SessionsRepository } from '../../persistence/sessions.repository.js';

/**
 * POST /logout: ends the caller's current session and the session (family) of the refresh token
 * given, when that token is the caller's. Another user's token is left alone.
 */
@Injectable()
export class LogoutService {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(RefreshTokensRepository) private readonly tokens: RefreshTokensRepository,
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
  ) {}

  async logout(userId: string, currentSessionId: string, refreshToken: string | undefined): Promise<void> {
    await withTransaction(this.pool, async (client) => {
      const now = this.clock.now();
      await this.sessions.revoke(client, currentSessionId, 'logout', now);
      if (!refreshToken) return;
      const stored = await this.tokens.findForUpdate(client, sha256Hex(refreshToken));
      if (stored && stored.userId === userId) await this.sessions.revoke(client, stored.sessionId, 'logout', now);
    });
  }
}
