import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RouteResponse, updatePreferences } from '@budget/contracts';
import { CLOCK, PG_POOL, Unauthorized, type Clock, type Pool } from '@budget/platform';
import { PreferencesRepository } from '../../persistence/preferences.repository.js';
import { UpdatePreferencesCommand } from './update-preferences.command.js';

/** Merges the fields given into the stored preferences; a vanished user is 401. */
@CommandHandler(UpdatePreferencesCommand)
export class UpdatePreferencesHandler implements ICommandHandler<UpdatePreferencesCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PreferencesRepository) private readonly preferences: PreferencesRepository,
  ) {}

  async execute({ userId, changes }: UpdatePreferencesCommand): Promise<RouteResponse<typeof updatePreferences>> {
    const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const data = await this.preferences.update(this.pool, userId, defined, this.clock.now());
    if (!data) throw new Unauthorized();
    return { data };
  }
}
