import { Command } from '@nestjs/cqrs';
import type { RouteResponse, updatePreferences, UserPreferences } from '@budget/contracts';

/** Change some of the caller's display preferences. */
export class UpdatePreferencesCommand extends Command<RouteResponse<typeof updatePreferences>> {
  constructor(
    readonly userId: string,
    readonly changes: Partial<UserPreferences>,
  ) {
    super();
  }
}
