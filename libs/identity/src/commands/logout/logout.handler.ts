import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, PG_POOL, withTransaction, type Clock, type Pool } from '@budget/platform';
import { sha256Hex } from '../../infra/secrets.js';
import { RefreshTokensRepository } from '../../persistence/refresh-tokens.repository.js';
import { SessionsRepository } from '../../persistence/sessions.repository.js';
import { LogoutCommand } from './logout.command.js';

/**
 * POST /logout: ends the caller's current session and the session (family) of the refresh token
 * given, when that token is the caller's. Another user's token is left alone.
 */
@CommandHandler(LogoutCommand)
export class LogoutHandler implements ICommandHandler<LogoutCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(RefreshTokensRepository) private readonly tokens: RefreshTokensRepository,
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
  ) {}

  async execute({ userId, sessionId: currentSessionId, refreshToken }: LogoutCommand): Promise<void> {
    await withTransaction(this.pool, async (client) => {
      const now = this.clock.now();
      await this.sessions.revoke(client, currentSessionId, 'logout', now);
      if (!refreshToken) return;
      const stored = await this.tokens.findForUpdate(client, sha256Hex(refreshToken));
      if (stored && stored.userId === userId) await this.sessions.revoke(client, stored.sessionId, 'logout', now);
    });
  }
}
