import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { login, RouteResponse } from '@budget/contracts';
import { PG_POOL, ValidationFailed, type Pool } from '@budget/platform';
import { BAD_CREDENTIALS_MESSAGE, decideSignIn, UNVERIFIED_EMAIL_MESSAGE } from '../../domain/sign-in-policy.js';
import { PasswordHasher } from '../../infra/password-hasher.js';
import { RateLimiter } from '../../infra/rate-limiter.js';
import { RATE_LIMITS, type RateLimitTable } from '../../infra/rate-limits.js';
import { sha256Hex } from '../../infra/secrets.js';
import { UsersRepository } from '../../persistence/users.repository.js';
import { SessionTokens } from '../../session/session-tokens.js';
import { LoginCommand } from './login.command.js';

const badCredentials = () =>
  new ValidationFailed(
    [
      { field: 'username', code: 'E_INVALID_CREDENTIALS', message: BAD_CREDENTIALS_MESSAGE },
      { field: 'password', code: 'E_INVALID_CREDENTIALS', message: BAD_CREDENTIALS_MESSAGE },
    ],
    401,
  );

/**
 * POST /login by username (exact match) and password. Failed attempts are counted per username
 * and IP address (the 11th within 15 minutes answers 429 until the window ends) and per username
 * from every address together (past 30, 429 for every address: guessing spread over many
 * addresses); a sign-in by mailed code clears the username's count, so its owner gets through.
 */
@CommandHandler(LoginCommand)
export class LoginHandler implements ICommandHandler<LoginCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(SessionTokens) private readonly sessions: SessionTokens,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(RATE_LIMITS) private readonly limits: RateLimitTable,
  ) {}

  async execute({ body: { username, password }, clientIp }: LoginCommand): Promise<RouteResponse<typeof login>> {
    const failuresKey = `login-fail:${sha256Hex(username)}:${clientIp}`;
    const userFailuresKey = `login-fail-user:${sha256Hex(username)}`;
    await this.limiter.consume(`login:ip:${clientIp}`, this.limits.loginPerIp);
    await this.limiter.assertBelow(failuresKey, this.limits.loginFailuresPerUserAndIp);
    await this.limiter.assertBelow(userFailuresKey, this.limits.loginFailuresPerUser);
    const user = await this.users.byUsername(this.pool, username);
    const matches = user ? await this.hasher.verify(user.passwordHash, password) : await this.hasher.verifyNobody(password);
    const decision = decideSignIn(user, matches);
    if (decision === 'bad-credentials' || !user) {
      await this.limiter.consume(failuresKey, this.limits.loginFailuresPerUserAndIp);
      await this.limiter.consume(userFailuresKey, this.limits.loginFailuresPerUser).catch(() => undefined);
      throw badCredentials();
    }
    if (decision === 'unverified') {
      throw new ValidationFailed([{ field: 'username', code: 'E_EMAIL_NOT_VERIFIED', message: UNVERIFIED_EMAIL_MESSAGE }], 401);
    }
    await this.limiter.reset(failuresKey);
    await this.limiter.reset(userFailuresKey);
    return { data: await this.sessions.start(this.pool, user.id, 'password') };
  }
}
