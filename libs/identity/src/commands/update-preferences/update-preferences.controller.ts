import { Controller, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { updatePreferences, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { UpdatePreferencesCommand } from './update-preferences.command.js';

/** PATCH /api/v1/user/preferences: answers every preference. */
@Controller()
export class UpdatePreferencesController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(updatePreferences, UpdatePreferencesCommand)
  update(@CurrentUserId() userId: string, @Input(updatePreferences) { body }: RouteInput<typeof updatePreferences>) {
    return this.commands.execute(new UpdatePreferencesCommand(userId, body));
  }
}
