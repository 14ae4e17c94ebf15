import { Controller, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { registerUser, type RouteInput } from '@budget/contracts';
import { Endpoint, Input } from '@budget/platform';
import { ClientAddress } from '../../http/client-address.js';
import { RegisterCommand } from './register.command.js';

/** POST /api/v1/register (public): empty 200; 422 with one entry per bad field. */
@Controller()
export class RegisterController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(registerUser, RegisterCommand)
  register(@Input(registerUser) { body }: RouteInput<typeof registerUser>, @ClientAddress() clientIp: string): Promise<void> {
    return this.commands.execute(new RegisterCommand(body, clientIp));
  }
}
