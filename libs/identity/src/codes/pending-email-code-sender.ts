import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@budget/platform';
import { emailChangeMail } from '../domain/identity-mails.js';
import { IdentityMailer } from '../infra/identity-mailer.js';
import { RateLimiter } from '../infra/rate-limiter.js';
import { RATE_LIMITS, type RateLimitTable } from '../infra/rate-limits.js';
import type { Queryable } from '../persistence/queryable.js';
import { CodeIssuer } from './code-issuer.js';

/** Mails a fresh e-mail-change code to the pending address (PATCH /user and the resend). */
@Injectable()
export class PendingEmailCodeSender {
  constructor(
    @Inject(CodeIssuer) private readonly codes: CodeIssuer,
    @Inject(IdentityMailer) private readonly mailer: IdentityMailer,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(RATE_LIMITS) private readonly limits: RateLimitTable,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Checks the per-user limit before anything changes. */
  async assertAllowed(userId: string): Promise<void> {
    await this.limiter.consume(`email-change:user:${userId}`, this.limits.emailChangePerUser);
  }

  /** Issues the code and queues its mail (code and verification link) in the caller's transaction (the job outbox). */
  async issue(user: { id: string; username: string }, pendingEmail: string, db: Queryable): Promise<void> {
    const code = await this.codes.issue(db, user.id, 'email-change', pendingEmail);
    await this.mailer.send(emailChangeMail(pendingEmail, user.username, code, this.config.publicUrl), db);
  }
}
