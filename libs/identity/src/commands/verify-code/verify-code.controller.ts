import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { Public } from '../../auth/public.decorator.js';
import { normalizeEmail } from '../../domain/email-address.js';
import { clientAddress } from '../../http/client-address.js';
import { invalid, RequestBody } from '../../http/request-body.js';
import type { TokenPair } from '../../session/session-tokens.js';
import { VerifyCodeService } from './verify-code.service.js';

export const CODE_MESSAGES = {
  invalid: 'This code is not valid.',
  expired: 'This code has expired.',
  emailTaken: 'The email has already been taken',
} as const;

@Public()
@Controller()
export class VerifyCodeController {
  constructor(@Inject(VerifyCodeService) private readonly service: VerifyCodeService) {}

  /** `{data:{access, refresh, username}}`, or 422 `{errors:[{field:"code", message}]}`. */
  @Post('code-verify')
  @HttpCode(200)
  async verify(@Body() raw: unknown, @Req() request: { ip?: string }): Promise<{ data: TokenPair & { username: string } }> {
    const body = new RequestBody(raw);
    const email = normalizeEmail(body.string('email') ?? '');
    const code = body.string('code') ?? '';
    if (!email || !code) throw invalid('code', 'invalid', CODE_MESSAGES.invalid);
    const result = await this.service.verify(email, code, clientAddress(request));
    switch (result.kind) {
      case 'signed-in':
        return { data: { ...result.tokens, username: result.username } };
      case 'expired':
        throw invalid('code', 'expired', CODE_MESSAGES.expired);
      case 'invalid':
        throw invalid('code', 'invalid', CODE_MESSAGES.invalid);
      case 'email-taken':
        throw invalid('email', 'database.unique', CODE_MESSAGES.emailTaken);
      default: {
        const unreachable: never = result;
        throw new Error(`unhandled outcome ${String(unreachable)}`);
      }
    }
  }
}
