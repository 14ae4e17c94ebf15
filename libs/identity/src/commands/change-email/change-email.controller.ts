import { Body, Controller, Inject, Patch } from '@nestjs/common';
import { CurrentUserId } from '../../auth/current-user.decorator.js';
import { isEmailAddress, normalizeEmail } from '../../domain/email-address.js';
import { RequestBody } from '../../http/request-body.js';
import type { UserView } from '../../http/user-view.js';
import { ChangeEmailService } from './change-email.service.js';

const NOT_VALID = 'The email address is not valid.';

@Controller()
export class ChangeEmailController {
  constructor(@Inject(ChangeEmailService) private readonly service: ChangeEmailService) {}

  /** Answers the bare user object (server-behaviour §4.1), with the new `pendingEmail`. */
  @Patch('user')
  async change(@Body() raw: unknown, @CurrentUserId() userId: string): Promise<UserView> {
    const body = new RequestBody(raw);
    const email = normalizeEmail(body.string('email', NOT_VALID) ?? '');
    if (!body.hasProblem('email') && !isEmailAddress(email)) body.fail('email', 'email', NOT_VALID);
    body.done();
    return this.service.change(userId, email);
  }
}
