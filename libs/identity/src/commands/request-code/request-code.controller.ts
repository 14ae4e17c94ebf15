import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { Public } from '../../auth/public.decorator.js';
import { isEmailAddress, normalizeEmail } from '../../domain/email-address.js';
import { clientAddress } from '../../http/client-address.js';
import { RequestBody } from '../../http/request-body.js';
import { RequestCodeService } from './request-code.service.js';

const INVALID_EMAIL = 'A valid email address must be provided';

@Public()
@Controller()
export class RequestCodeController {
  constructor(@Inject(RequestCodeService) private readonly service: RequestCodeService) {}

  /** Always an empty 200 for a well-formed address, known or not. */
  @Post('code-request')
  @HttpCode(200)
  async request(@Body() raw: unknown, @Req() request: { ip?: string }): Promise<void> {
    const body = new RequestBody(raw);
    const email = normalizeEmail(body.string('email', INVALID_EMAIL) ?? '');
    if (!body.hasProblem('email') && !isEmailAddress(email)) body.fail('email', 'email', INVALID_EMAIL);
    body.done();
    await this.service.request(email, clientAddress(request));
  }
}
