import { Controller, Headers, Inject, Req, type RawBodyRequest } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { plaidWebhook, type RouteInput } from '@budget/contracts';
import { Endpoint, Input } from '@budget/platform';
import type { FastifyRequest } from 'fastify';
import { PlaidWebhookCommand } from './plaid-webhook.command.js';

/** POST /api/v1/plaid/webhook (public: Plaid calls it; its JWT is checked by the handler). */
@Controller()
export class PlaidWebhookController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(plaidWebhook, PlaidWebhookCommand)
  receive(
    @Input(plaidWebhook) { body }: RouteInput<typeof plaidWebhook>,
    @Headers('plaid-verification') verification: string | undefined,
    @Req() request: RawBodyRequest<FastifyRequest>,
  ) {
    return this.commands.execute(new PlaidWebhookCommand(body, verification, request.rawBody));
  }
}
