import { Inject, Injectable } from '@nestjs/common';
import { EventWriter, type Caller } from '@budget/platform';
import { decideRules, foldRules, isRulesEvent, rulesStream, type RulesCommand, type RulesEvent } from '../domain/index.js';
import { RulesReads } from '../queries/list-auto-assignments/rules-reads.js';

/**
 * The thin shell around the rules decider: load the caller's `rules-<userId>` stream (a user
 * without rules has none yet), decide with the user's categories, append at the loaded revision,
 * wait for the read model. Two writes racing on the stream: the loser decides again
 * (`EventWriter.retrying`).
 */
@Injectable()
export class RulesCommands {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(RulesReads) private readonly reads: RulesReads,
  ) {}

  newId(): string {
    return this.writer.newId();
  }

  run(caller: Caller, command: RulesCommand): Promise<RulesEvent[]> {
    return this.writer.retrying(async () => {
      const stream = rulesStream(caller.userId);
      const names = command.type !== 'DeleteAutoAssignment' && (command.fields.accountIds?.length ?? 0) > 0;
      const [loaded, categories, accounts] = await Promise.all([
        this.writer.load<RulesEvent>(stream, caller, 'Auto-assignment', false),
        this.reads.categories(caller.userId),
        names ? this.reads.accounts(caller.userId) : new Set<string>(),
      ]);
      const state = foldRules(loaded.events.filter(isRulesEvent));
      const events = decideRules(command, state, {
        categoryExists: (id) => categories.ids.has(id),
        unassignedCategoryId: categories.unassigned,
        accountExists: (id) => accounts.has(id),
      });
      await this.writer.settle(caller, await this.writer.append(stream, events, loaded.revision, caller));
      return events;
    });
  }
}
