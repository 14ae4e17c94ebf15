import { Controller, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { requestCode, type RouteInput } from '@budget/contracts';
import { Endpoint, Input } from '@budget/platform';
import { ClientAddress } from '../../http/client-address.js';
import { RequestCodeCommand } from './request-code.command.js';

/** POST /api/v1/code-request (public): always an empty 200 for a well-formed address, known or not. */
@Controller()
export class RequestCodeController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(requestCode, RequestCodeCommand)
  request(@Input(requestCode) { body }: RouteInput<typeof requestCode>, @ClientAddress() clientIp: string): Promise<void> {
    return this.commands.execute(new RequestCodeCommand(body, clientIp));
  }
}
