import { Controller, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { verifyCode, type RouteInput } from '@budget/contracts';
import { Endpoint, Input } from '@budget/platform';
import { ClientAddress } from '../../http/client-address.js';
import { VerifyCodeCommand } from './verify-code.command.js';

/** POST /api/v1/code-verify (public): `{data:{access, refresh, username}}`, or 422 on `code`. */
@Controller()
export class VerifyCodeController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(verifyCode, VerifyCodeCommand)
  verify(@Input(verifyCode) { body }: RouteInput<typeof verifyCode>, @ClientAddress() clientIp: string) {
    return this.commands.execute(new VerifyCodeCommand(body, clientIp));
  }
}
