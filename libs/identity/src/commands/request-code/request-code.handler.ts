import { Inject, Injectable } from '@nestjs/common';
import { PG_POOL, type Pool } from '@budget/platform';
import { verificationCodeMail } from '../../domain/identity-mails.js';
import { CodeIssuer } from '../../codes/code-issuer.js';
import { IdentityMailer } from '../../infra/identity-mailer.js';
import { RateLimiter } from '../../infra/rate-limiter.js';
import { RATE_LIMITS, type RateLimitTable } from '../../infra/rate-limits.js';
import { sha256Hex } from '../../infra/secrets.js';
import { UsersRepository } from '../../persistence/users.repository.js';

/**
 * POST /code-request: when a user has this address, a new sign-in code replaces any older one and
 * is mailed. The answer is the same whether or not the address is known (no enumeration); the
 * limits count the address even when nobody has it.
 */
@Injectable()
export class RequestCodeService {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(CodeIssuer) private readonly codes: CodeIssuer,
    @Inject(IdentityMailer) private readonly mailer: IdentityMailer,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(RATE_LIMITS) private readonly limits: RateLimitTable,
  ) {}

  async request(email: string, clientIp: string): Promise<void> {
    await this.limiter.consume(`code-request:ip:${clientIp}`, this.limits.codeRequestPerIp);
    await this.limiter.consume(`code-request:email:${sha256Hex(email)}`, this.limits.codeRequestPerEmail);
    const user = await this.users.byEmail(this.pool, email);
    if (!user) return;
    const code = await this.codes.issue(this.pool, user.id, 'sign-in', email);
    await this.mailer.sendOrLog(verificationCodeMail(email, code));
  }
}
