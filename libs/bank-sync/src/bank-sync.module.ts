import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, EventWriter, migrate, PG_POOL, type AppConfig, type Pool } from '@budget/platform';
import { LinkAccountsHandler } from './commands/link-accounts/link-accounts.handler.js';
import { LinkInstitutionHandler } from './commands/link-institution/link-institution.handler.js';
import { UnlinkInstitutionHandler } from './commands/unlink-institution/unlink-institution.handler.js';
import { BankLinkEraser } from './commands/erase-user/bank-link-eraser.js';
import { ItemRemoval } from './items/item-removal.js';
import { PlaidWebhookController } from './commands/plaid-webhook/plaid-webhook.controller.js';
import { PlaidWebhookHandler } from './commands/plaid-webhook/plaid-webhook.handler.js';
import { SyncInstitutionsController } from './commands/sync-institutions/sync-institutions.controller.js';
import { SyncInstitutionsHandler } from './commands/sync-institutions/sync-institutions.handler.js';
import { BankSyncRequests } from './sync/sync-requests.js';
import { itemsMigrations } from './items/items.migrations.js';
import { PlaidItemStore } from './items/plaid-item-store.js';
import { createPlaidClient } from './plaid/plaid-client.js';
import { PLAID_API, PlaidGateway } from './plaid/plaid-gateway.js';
import { TokenCipher } from './plaid/token-cipher.js';
import { providerLogMigrations } from './provider-log/provider-log.migrations.js';
import { ProviderLog } from './provider-log/provider-log.js';
import { InstitutionInfoController } from './queries/institution-info/institution-info.controller.js';
import { InstitutionInfoHandler } from './queries/institution-info/institution-info.handler.js';
import { InstitutionLinkTokenController } from './queries/institution-link-token/institution-link-token.controller.js';
import { InstitutionLinkTokenHandler } from './queries/institution-link-token/institution-link-token.handler.js';
import { LinkTokenController } from './queries/link-token/link-token.controller.js';
import { LinkTokenHandler } from './queries/link-token/link-token.handler.js';
import { PlaidLogsController } from './queries/plaid-logs/plaid-logs.controller.js';
import { PlaidLogsHandler } from './queries/plaid-logs/plaid-logs.handler.js';
import { SimulatorLinkController } from './simulator/simulator-link.controller.js';
import { CompleteSimulatorLinkHandler, SimulatorInstitutionsHandler } from './simulator/simulator-link.handlers.js';

/** Every table of the context, in apply order (the worker may run them too). */
export const bankSyncMigrations = [...providerLogMigrations, ...itemsMigrations];

/**
 * The bank-sync context: Plaid (simulator, sandbox or production, from `AppConfig.plaid`), the
 * linked items with their sealed access tokens, the provider log, link tokens, online
 * institutions and accounts (opened in the ledger through its public commands), institution info
 * and the admin's provider log. Needs the global PlatformModule and the buses of `CqrsModule.forRoot()`.
 */
@Module({
  controllers: [LinkTokenController, InstitutionLinkTokenController, InstitutionInfoController, PlaidLogsController, SyncInstitutionsController, PlaidWebhookController, SimulatorLinkController],
  providers: [
    { provide: TokenCipher, useFactory: (config: AppConfig) => new TokenCipher(config.plaid.tokenKey), inject: [APP_CONFIG] },
    { provide: PLAID_API, useFactory: (config: AppConfig) => createPlaidClient(config.plaid), inject: [APP_CONFIG] },
    EventWriter, ProviderLog, PlaidGateway, PlaidItemStore, ItemRemoval, BankLinkEraser,
    LinkInstitutionHandler, LinkAccountsHandler, UnlinkInstitutionHandler, LinkTokenHandler, InstitutionLinkTokenHandler, InstitutionInfoHandler, PlaidLogsHandler,
    // Syncs: the routes ask the worker's queue (sync/), the webhook only enqueues.
    BankSyncRequests, SyncInstitutionsHandler, PlaidWebhookHandler,
    // The simulated Link dialog's calls to the simulator (PLAID_ENV=simulator only).
    SimulatorInstitutionsHandler, CompleteSimulatorLinkHandler,
  ],
  exports: [PlaidItemStore, PlaidGateway, ProviderLog, PLAID_API, TokenCipher, BankLinkEraser],
})
export class BankSyncModule implements OnModuleInit {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async onModuleInit(): Promise<void> {
    await migrate(this.pool, bankSyncMigrations);
  }
}
