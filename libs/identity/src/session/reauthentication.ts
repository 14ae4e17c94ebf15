import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, fieldError, PG_POOL, Unauthorized, ValidationFailed, type Clock, type Pool } from '@budget/platform';
import {
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  decideReauthentication,
  type SensitiveAction,
} from '../domain/reauthentication.js';
import { PasswordHasher } from '../infra/password-hasher.js';
import { RateLimiter } from '../infra/rate-limiter.js';
import { RATE_LIMITS, type RateLimitTable } from '../infra/rate-limits.js';
import { SessionsRepository } from '../persistence/sessions.repository.js';
import { UsersRepository } from '../persistence/users.repository.js';

/**
 * Asks for the current password before a password change, an e-mail change or the deletion of the
 * account (the rules: `decideReauthentication`). Refusals are 403 in the spec's error format on the
 * `currentPassword` field, so a form shows them under that input: "Enter your current password"
 * when none was given and the session does not excuse it, "The current password is not correct."
 * for a wrong one. Wrong passwords are counted per user like failed sign-ins (10 in 15 minutes,
 * then 429 with Retry-After until the window ends; a right one resets the count).
 */
@Injectable()
export class Reauthentication {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(RATE_LIMITS) private readonly limits: RateLimitTable,
  ) {}

  /** Returns when the caller may go on with `action`; throws the refusal otherwise. */
  async confirm(action: SensitiveAction, userId: string, sessionId: string, currentPassword: string | undefined): Promise<void> {
    const session = await this.sessions.opened(sessionId, userId);
    if (!session) throw new Unauthorized();
    const given = currentPassword !== undefined && currentPassword !== '';
    const decision = decideReauthentication({ action, session, now: this.clock.now(), currentPasswordGiven: given });
    if (decision === 'allowed') return;
    if (decision === 'password-required') {
      throw new ValidationFailed([fieldError('currentPassword', CURRENT_PASSWORD_REQUIRED, 'E_REAUTHENTICATION_REQUIRED')], 403);
    }
    const failures = `current-password-fail:${userId}`;
    await this.limiter.assertBelow(failures, this.limits.currentPasswordFailuresPerUser);
    const user = await this.users.byId(this.pool, userId);
    if (!user) throw new Unauthorized();
    if (!(await this.hasher.verify(user.passwordHash, currentPassword!))) {
      await this.limiter.consume(failures, this.limits.currentPasswordFailuresPerUser);
      throw new ValidationFailed([fieldError('currentPassword', CURRENT_PASSWORD_WRONG, 'E_INVALID_CREDENTIALS')], 403);
    }
    await this.limiter.reset(failures);
  }
}
