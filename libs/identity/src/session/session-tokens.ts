import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, CLOCK, ID_GENERATOR, type AppConfig, type Clock, type IdGenerator } from '@budget/platform';
import { AccessTokens } from '../auth/access-tokens.js';
import { RefreshTokensRepository } from '../persistence/refresh-tokens.repository.js';
import { SessionsRepository } from '../persistence/sessions.repository.js';
import type { Queryable } from '../persistence/queryable.js';
import { newRefreshToken, sha256Hex } from '../infra/secrets.js';
import type { SessionOrigin } from '../domain/reauthentication.js';

export interface TokenPair {
  access: string;
  refresh: string;
}

/** Starts sessions (refresh-token families) and mints the token pairs handed to clients. */
@Injectable()
export class SessionTokens {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @Inject(AccessTokens) private readonly accessTokens: AccessTokens,
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
    @Inject(RefreshTokensRepository) private readonly refreshTokens: RefreshTokensRepository,
  ) {}

  /**
   * A new session for the user (sign-in): its first refresh token and an access token. `origin`
   * says how the user proved who they are (re-authentication depends on it).
   */
  async start(db: Queryable, userId: string, origin: SessionOrigin): Promise<TokenPair> {
    const sessionId = this.ids.next();
    await this.sessions.create(db, { id: sessionId, userId, now: this.clock.now(), origin });
    return this.mint(db, userId, sessionId);
  }

  /** The next pair of an existing session (rotation). */
  async mint(db: Queryable, userId: string, sessionId: string): Promise<TokenPair> {
    const now = this.clock.now();
    const refresh = newRefreshToken();
    await this.refreshTokens.insert(db, {
      hash: sha256Hex(refresh),
      sessionId,
      userId,
      now,
      expiresAt: new Date(now.getTime() + this.config.refreshTokenTtlSeconds * 1000),
    });
    return { access: await this.accessTokens.issue({ userId, sessionId }), refresh };
  }
}
