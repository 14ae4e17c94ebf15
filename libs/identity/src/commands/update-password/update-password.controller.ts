import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CurrentSessionId, CurrentUserId } from '../../auth/current-user.decorator.js';
import { checkNewPassword } from '../../domain/password-policy.js';
import { RequestBody } from '../../http/request-body.js';
import { UpdatePasswordService } from './update-password.service.js';

@Controller()
export class UpdatePasswordController {
  constructor(@Inject(UpdatePasswordService) private readonly service: UpdatePasswordService) {}

  /** Body `{password, passwordConfirmation}` with the register rules; empty 200. */
  @Post('password/update')
  @HttpCode(200)
  async update(@Body() raw: unknown, @CurrentUserId() userId: string, @CurrentSessionId() sessionId: string): Promise<void> {
    const body = new RequestBody(raw);
    const password = body.string('password') ?? '';
    body.add(checkNewPassword(password, body.string('passwordConfirmation')));
    body.done();
    await this.service.update(userId, sessionId, password);
  }
}
