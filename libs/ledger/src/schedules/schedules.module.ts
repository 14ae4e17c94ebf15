import { Module } from '@nestjs/common';
import { EventWriter } from '@budget/platform';
import { LedgerLookups } from '../queries/ledger-lookups.js';
import { ChangeOccurrenceController } from './commands/change-occurrence/change-occurrence.controller.js';
import { ChangeOccurrenceHandler } from './commands/change-occurrence/change-occurrence.handler.js';
import { ChangeScheduleController } from './commands/change-schedule/change-schedule.controller.js';
import { ChangeScheduleHandler } from './commands/change-schedule/change-schedule.handler.js';
import { CreateScheduleController } from './commands/create-schedule/create-schedule.controller.js';
import { CreateScheduleHandler } from './commands/create-schedule/create-schedule.handler.js';
import { DeleteScheduleController } from './commands/delete-schedule/delete-schedule.controller.js';
import { DeleteScheduleHandler } from './commands/delete-schedule/delete-schedule.handler.js';
import { PostOccurrenceController } from './commands/post-occurrence/post-occurrence.controller.js';
import { PostOccurrenceHandler } from './commands/post-occurrence/post-occurrence.handler.js';
import { SkipOccurrenceController } from './commands/skip-occurrence/skip-occurrence.controller.js';
import { SkipOccurrenceHandler } from './commands/skip-occurrence/skip-occurrence.handler.js';
import { ListSchedulesController } from './queries/list-schedules/list-schedules.controller.js';
import { ListSchedulesHandler } from './queries/list-schedules/list-schedules.handler.js';
import { UpcomingSchedulesController } from './queries/upcoming-schedules/upcoming-schedules.controller.js';
import { UpcomingSchedulesHandler } from './queries/upcoming-schedules/upcoming-schedules.handler.js';
import { ScheduleCommands } from './schedule-commands.js';
import { ScheduleReads } from './schedule-reads.js';

/**
 * Scheduled transactions (docs/architecture.md §8 "Scheduled transactions"); part of LedgerModule.
 * The worker's due scan dispatches `PostOccurrenceCommand` on the same CommandBus.
 */
@Module({
  controllers: [
    // The fixed path /schedules/upcoming before the routes with an {id}.
    UpcomingSchedulesController, ListSchedulesController, CreateScheduleController, ChangeScheduleController, DeleteScheduleController,
    SkipOccurrenceController, PostOccurrenceController, ChangeOccurrenceController,
  ],
  providers: [
    EventWriter, LedgerLookups, ScheduleReads, ScheduleCommands,
    ListSchedulesHandler, UpcomingSchedulesHandler, CreateScheduleHandler, ChangeScheduleHandler, DeleteScheduleHandler,
    SkipOccurrenceHandler, PostOccurrenceHandler, ChangeOccurrenceHandler,
  ],
})
export class SchedulesModule {}
