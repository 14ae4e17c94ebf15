import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { Public } from '../../auth/public.decorator.js';
import { clientAddress } from '../../http/client-address.js';
import { parseRegisterRequest } from './register.request.js';
import { RegisterService } from './register.service.js';

@Public()
@Controller()
export class RegisterController {
  constructor(@Inject(RegisterService) private readonly service: RegisterService) {}

  /** Empty 200; the "Welcome!" mail carries the code that verifies the address. */
  @Post('register')
  @HttpCode(200)
  async register(@Body() body: unknown, @Req() request: { ip?: string }): Promise<void> {
    await this.service.register(parseRegisterRequest(body), clientAddress(request));
  }
}
