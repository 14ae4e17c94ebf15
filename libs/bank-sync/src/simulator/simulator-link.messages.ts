import { Command, Query } from '@nestjs/cqrs';
import type { completeSimulatorLink, listSimulatorInstitutions, RouteInput, RouteResponse } from '@budget/contracts';

/** The simulator's banks, for the simulated Link dialog. */
export class SimulatorInstitutionsQuery extends Query<RouteResponse<typeof listSimulatorInstitutions>> {}

/** Link's onSuccess, played by the simulator for a link token the caller got from us. */
export class CompleteSimulatorLinkCommand extends Command<RouteResponse<typeof completeSimulatorLink>> {
  constructor(readonly body: RouteInput<typeof completeSimulatorLink>['body']) {
    super();
  }
}
