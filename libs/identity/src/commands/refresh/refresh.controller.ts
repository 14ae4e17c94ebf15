import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { refreshTokens, type RouteInput } from '@budget/contracts';
import { Endpoint, Input } from '@budget/platform';
import { RefreshRefusedFilter } from './refresh-refused.js';
import { RefreshCommand } from './refresh.command.js';

/** POST /api/v1/refresh (public) `{data:{refresh}}`: `{data:{access, refresh}}` or 401 with an empty body. */
@Controller()
@UseFilters(RefreshRefusedFilter)
export class RefreshController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(refreshTokens, RefreshCommand)
  refresh(@Input(refreshTokens) { body }: RouteInput<typeof refreshTokens>) {
    return this.commands.execute(new RefreshCommand(body.data?.refresh));
  }
}
