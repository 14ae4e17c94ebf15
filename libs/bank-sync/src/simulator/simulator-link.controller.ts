import { Controller, Inject } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { completeSimulatorLink, listSimulatorInstitutions, type RouteInput } from '@budget/contracts';
import { Endpoint, Input } from '@budget/platform';
import { CompleteSimulatorLinkCommand, SimulatorInstitutionsQuery } from './simulator-link.messages.js';

/** GET /api/v1/simulator/institutions and POST /api/v1/simulator/link/complete (PLAID_ENV=simulator only). */
@Controller()
export class SimulatorLinkController {
  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  @Endpoint(listSimulatorInstitutions, SimulatorInstitutionsQuery)
  institutions() {
    return this.queries.execute(new SimulatorInstitutionsQuery());
  }

  @Endpoint(completeSimulatorLink, CompleteSimulatorLinkCommand)
  complete(@Input(completeSimulatorLink) { body }: RouteInput<typeof completeSimulatorLink>) {
    return this.commands.execute(new CompleteSimulatorLinkCommand(body));
  }
}
