import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { Public } from '../../auth/public.decorator.js';
import { clientAddress } from '../../http/client-address.js';
import { RequestBody } from '../../http/request-body.js';
import type { TokenPair } from '../../session/session-tokens.js';
import { LoginService } from './login.service.js';

@Public()
@Controller()
export class LoginController {
  constructor(@Inject(LoginService) private readonly service: LoginService) {}

  /** `{data:{access, refresh}}`; wrong credentials 401 with the same message on both fields. */
  @Post('login')
  @HttpCode(200)
  async login(@Body() raw: unknown, @Req() request: { ip?: string }): Promise<{ data: TokenPair }> {
    const body = new RequestBody(raw);
    const username = body.string('username', 'A username is required') ?? '';
    const password = body.string('password', 'A password is required') ?? '';
    body.done();
    return { data: await this.service.login(username, password, clientAddress(request)) };
  }
}
