import { Controller, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { login, type RouteInput } from '@budget/contracts';
import { Endpoint, Input } from '@budget/platform';
import { ClientAddress } from '../../http/client-address.js';
import { LoginCommand } from './login.command.js';

/** POST /api/v1/login (public): `{data:{access, refresh}}`; wrong credentials 401 on both fields. */
@Controller()
export class LoginController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(login, LoginCommand)
  login(@Input(login) { body }: RouteInput<typeof login>, @ClientAddress() clientIp: string) {
    return this.commands.execute(new LoginCommand(body, clientIp));
  }
}
