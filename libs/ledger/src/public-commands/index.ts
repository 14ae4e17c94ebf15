import { OpenOnlineAccountsHandler } from './open-online-accounts.handler.js';
import { OpenOnlineInstitutionHandler } from './open-online-institution.handler.js';

/** The ledger's handlers of the commands other contexts send (`libs/contracts/src/messages/ledger-commands.ts`). */
export const ledgerPublicCommandHandlers = [OpenOnlineInstitutionHandler, OpenOnlineAccountsHandler];
