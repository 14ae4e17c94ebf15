import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RouteResponse, verifyCode } from '@budget/contracts';
import { fieldError, PG_POOL, ValidationFailed, withTransaction, type Pool } from '@budget/platform';
import { normalizeEmail } from '../../domain/email-address.js';
import { RateLimiter } from '../../infra/rate-limiter.js';
import { RATE_LIMITS, type RateLimitTable } from '../../infra/rate-limits.js';
import { sha256Hex } from '../../infra/secrets.js';
import { CodeJudge } from './code-judge.js';
import { VerifyCodeCommand } from './verify-code.command.js';

export const CODE_MESSAGES = {
  invalid: 'This code is not valid.',
  expired: 'This code has expired.',
  emailTaken: 'The email has already been taken',
} as const;

const refused = (field: string, code: string, message: string) => new ValidationFailed([fieldError(field, message, code)]);

/**
 * POST /code-verify: the code sent to `email` signs the user in. Wrong guesses are counted and
 * committed even though the answer is a 422; an unknown address answers like a wrong code. Tries
 * are counted per requester (address and client IP): a stranger's guesses never spend the owner's.
 * A sign-in by code clears the username's failed password sign-ins (the owner's way past that lock).
 */
@CommandHandler(VerifyCodeCommand)
export class VerifyCodeHandler implements ICommandHandler<VerifyCodeCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CodeJudge) private readonly judge: CodeJudge,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(RATE_LIMITS) private readonly limits: RateLimitTable,
  ) {}

  async execute({ body, clientIp }: VerifyCodeCommand): Promise<RouteResponse<typeof verifyCode>> {
    const email = normalizeEmail(body.email ?? '');
    const code = body.code ?? '';
    if (!email || !code) throw refused('code', 'invalid', CODE_MESSAGES.invalid);
    const requester = `${sha256Hex(email)}:${clientIp}`;
    await this.limiter.consume(`code-verify:ip:${clientIp}`, this.limits.codeVerifyPerIp);
    await this.limiter.consume(`code-verify:email:${requester}`, this.limits.codeVerifyPerEmail);
    // This requester's wrong guesses at the address's code: past them, 429 for this requester only.
    await this.limiter.assertBelow(`code-guess:${requester}`, this.limits.codeGuessesPerRequester);
    const verdict = await withTransaction(this.pool, (client) => this.judge.judge(client, email, code));
    if (verdict.kind === 'invalid') await this.limiter.consume(`code-guess:${requester}`, this.limits.codeGuessesPerRequester).catch(() => undefined);
    if (verdict.kind === 'signed-in') await this.limiter.reset(`login-fail-user:${sha256Hex(verdict.username)}`);
    switch (verdict.kind) {
      case 'signed-in':
        return { data: { ...verdict.tokens, username: verdict.username } };
      case 'expired':
        throw refused('code', 'expired', CODE_MESSAGES.expired);
      case 'invalid':
        throw refused('code', 'invalid', CODE_MESSAGES.invalid);
      case 'email-taken':
        throw refused('email', 'database.unique', CODE_MESSAGES.emailTaken);
      default: {
        const unreachable: never = verdict;
        throw new Error(`unhandled outcome ${String(unreachable)}`);
      }
    }
  }
}
