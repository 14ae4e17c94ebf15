import { Inject, Injectable } from '@nestjs/common';
import { EventWriter, type Caller } from '@budget/platform';
import { budgetStream, decideBudget, foldBudget, isBudgetEvent, type BudgetCommand, type BudgetEvent } from '../domain/index.js';

/**
 * The thin shell around the budget decider (docs/architecture.md §11.2): load the caller's budget stream,
 * decide, append at the loaded revision, wait for the read models. Two requests changing one
 * budget at once cannot both win: the loser decides again on the newer state
 * (`EventWriter.retrying`, which also restarts the request's derived ids for every attempt, so the
 * event ids do not depend on how many attempts it took).
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

  run(caller: Caller, command: BudgetCommand): Promise<BudgetEvent[]> {
    return this.writer.retrying(async () => {
      const loaded = await this.writer.load<BudgetEvent>(budgetStream(caller.userId), caller, 'Budget');
      const events = decideBudget(command, foldBudget(loaded.events.filter(isBudgetEvent)));
      await this.writer.settle(caller, await this.writer.append(budgetStream(caller.userId), events, loaded.revision, caller));
      return events;
    });
  }
}
