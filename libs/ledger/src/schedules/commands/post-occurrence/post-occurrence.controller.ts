import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { postScheduleOccurrence } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../../http/checked-input.js';
import { LedgerErrorFilter } from '../../../http/ledger-error.filter.js';
import { PostOccurrenceCommand } from './post-occurrence.command.js';

/** POST /api/v1/schedules/{id}/post {date}: 201 `{data: {transactionId, schedule}}`; posting it again answers the same transaction. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class PostOccurrenceController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(postScheduleOccurrence, PostOccurrenceCommand)
  post(@CurrentUserId() userId: string, @Input(postScheduleOccurrence) { params, body }: CheckedInput<typeof postScheduleOccurrence>) {
    return this.commands.execute(new PostOccurrenceCommand(userId, params.id, body.date));
  }
}
