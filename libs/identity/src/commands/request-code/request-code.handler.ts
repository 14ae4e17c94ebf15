import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { fieldError, PG_POOL, ValidationFailed, withTransaction, type Pool } from '@budget/platform';
import { CodeIssuer } from '../../codes/code-issuer.js';
import { isEmailAddress, normalizeEmail } from '../../domain/email-address.js';
import { verificationCodeMail } from '../../domain/identity-mails.js';
import { IdentityMailer } from '../../infra/identity-mailer.js';
import { RateLimiter } from '../../infra/rate-limiter.js';
import { RATE_LIMITS, type RateLimitTable } from '../../infra/rate-limits.js';
import { sha256Hex } from '../../infra/secrets.js';
import { UsersRepository } from '../../persistence/users.repository.js';
import { RequestCodeCommand } from './request-code.command.js';

const INVALID_EMAIL = 'A valid email address must be provided';

/**
 * POST /code-request: when a user has this address, a new sign-in code replaces any older one and
 * is mailed. The answer is the same whether or not the address is known (no enumeration); the
 * limits count the address even when nobody has it.
 */
@CommandHandler(RequestCodeCommand)
export class RequestCodeHandler implements ICommandHandler<RequestCodeCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(CodeIssuer) private readonly codes: CodeIssuer,
    @Inject(IdentityMailer) private readonly mailer: IdentityMailer,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(RATE_LIMITS) private readonly limits: RateLimitTable,
  ) {}

  async execute({ body, clientIp }: RequestCodeCommand): Promise<void> {
    const email = normalizeEmail(body.email);
    if (!isEmailAddress(email)) throw new ValidationFailed([fieldError('email', INVALID_EMAIL, 'email')]);
    await this.limiter.consume(`code-request:ip:${clientIp}`, this.limits.codeRequestPerIp);
    await this.limiter.consume(`code-request:email:${sha256Hex(email)}`, this.limits.codeRequestPerEmail);
    // A new code: this requester's wrong guesses at the old one no longer count (each code's own cap still stands).
    await this.limiter.reset(`code-guess:${sha256Hex(email)}:${clientIp}`);
    const user = await this.users.byEmail(this.pool, email);
    if (!user) return;
    // The code and its mail (a job outbox row) are stored together: no code without its mail.
    await withTransaction(this.pool, async (client) => {
      const code = await this.codes.issue(client, user.id, 'sign-in', email);
      await this.mailer.send(verificationCodeMail(email, code), client);
    });
  }
}
