import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CurrentSessionId, CurrentUserId } from '../../auth/current-user.decorator.js';
import { RequestBody } from '../../http/request-body.js';
import { LogoutService } from './logout.service.js';

@Controller()
export class LogoutController {
  constructor(@Inject(LogoutService) private readonly service: LogoutService) {}

  /** Body `{data:{refresh}}`; empty 200. */
  @Post('logout')
  @HttpCode(200)
  async logout(@Body() raw: unknown, @CurrentUserId() userId: string, @CurrentSessionId() sessionId: string): Promise<void> {
    await this.service.logout(userId, sessionId, new RequestBody(raw).nested('data').string('refresh'));
  }
}
