import { Inject, Injectable } from '@nestjs/common';
import { EventWriter, WrongExpectedRevisionError, type Caller } from '@budget/platform';
import { budgetStream, decideBudget, foldBudget, isBudgetEvent, type BudgetCommand, type BudgetEvent } from '../domain/index.js';

const ATTEMPTS = 3;

/**
 * The thin shell around the budget decider (docs/architecture.md §11.2): load the caller's budget stream,
 * decide, append at the loaded revision, wait for the read models. Two requests changing one
 * budget at once cannot both win: the loser decides again on the newer state.
 */
@Injectable()
export class BudgetCommands {
  constructor(@Inject(EventWriter) private readonly writer: EventWriter) {}

  newId(): string {
    return this.writer.newId();
  }

  /** Today's calendar date from the injected clock. */
  today(): string {
    return this.writer.today();
  }

  async run(caller: Caller, command: BudgetCommand): Promise<BudgetEvent[]> {
    for (let attempt = 1; ; attempt++) {
      const loaded = await this.writer.load<BudgetEvent>(budgetStream(caller.userId), caller, 'Budget');
      const state = foldBudget(loaded.events.filter(isBudgetEvent));
      const events = decideBudget(command, state);
      try {
        await this.writer.settle(caller, await this.writer.append(budgetStream(caller.userId), events, loaded.revision, caller));
        return events;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= ATTEMPTS) throw error;
      }
    }
  }
}
