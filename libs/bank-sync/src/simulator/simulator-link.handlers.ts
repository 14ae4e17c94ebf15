import { Inject } from '@nestjs/common';
import { CommandHandler, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG, NotFound, ProviderFailed, ValidationFailed, type AppConfig } from '@budget/platform';
import { CompleteSimulatorLinkCommand, SimulatorInstitutionsQuery } from './simulator-link.messages.js';

/**
 * The simulated Link dialog's two calls to the Plaid simulator's control API, made by the API so
 * the browser never reaches the simulator's port. Only with PLAID_ENV=simulator: with real Plaid
 * these routes do not exist (404), and Link runs Plaid's own script.
 */
async function control(config: AppConfig, method: 'GET' | 'POST', path: string, body?: object): Promise<Record<string, unknown>> {
  if (config.plaid.env !== 'simulator') throw new NotFound('Not found');
  let response: Response;
  try {
    response = await fetch(new URL(path, config.plaid.simulatorUrl), {
      method,
      headers: body ? { 'Content-Type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new ProviderFailed('PLAID_ERROR', 'The Plaid simulator could not be reached.', 'SIMULATOR_UNREACHABLE');
  }
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  // The simulator answers 400 for an unknown link token or bank: the client's input.
  if (response.status === 400) throw new ValidationFailed([{ field: 'linkToken', message: 'The bank link has expired or is not valid; start again.', code: 'invalid' }]);
  if (!response.ok) throw new ProviderFailed('PLAID_ERROR', `The Plaid simulator refused the request (${response.status}).`, 'SIMULATOR_ERROR');
  return answer;
}

@QueryHandler(SimulatorInstitutionsQuery)
export class SimulatorInstitutionsHandler implements IQueryHandler<SimulatorInstitutionsQuery> {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async execute() {
    const answer = await control(this.config, 'GET', '/simulator/institutions');
    return { data: (answer.institutions ?? []) as Awaited<ReturnType<IQueryHandler<SimulatorInstitutionsQuery>['execute']>>['data'] };
  }
}

@CommandHandler(CompleteSimulatorLinkCommand)
export class CompleteSimulatorLinkHandler implements ICommandHandler<CompleteSimulatorLinkCommand> {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async execute({ body }: CompleteSimulatorLinkCommand) {
    const answer = await control(this.config, 'POST', '/simulator/link/complete', {
      link_token: body.linkToken,
      ...(body.institutionId ? { institution_id: body.institutionId } : {}),
      ...(body.accountIds ? { account_ids: body.accountIds } : {}),
    });
    return { publicToken: typeof answer.public_token === 'string' ? answer.public_token : null };
  }
}
