import { Button, Toolbar } from '@budget/web';
import type { Account } from './institution-data.js';

const UNAVAILABLE = 'Available once bank linking is enabled';

/**
 * The accounts toolbar. Add Transaction or Add Balance follows the selected account's tracking
 * and needs a selection; Import OFX needs an account that tracks Transactions.
 */
export function AccountsToolbar({ selected }: { selected: Account | null }) {
  const tracksBalances = selected?.tracking === 'Balances';
  const noSelection = selected === null ? 'Select an account first' : UNAVAILABLE;
  return (
    <Toolbar aria-label="Account actions">
      <Button disabled title={UNAVAILABLE}>
        Add Online Institution
      </Button>
      <Button disabled title={UNAVAILABLE}>
        Add Offline Institution
      </Button>
      <Button disabled title={UNAVAILABLE}>
        Sync Accounts
      </Button>
      <Button disabled title={noSelection}>
        {tracksBalances ? 'Add Balance' : 'Add Transaction'}
      </Button>
      <Button disabled title={selected?.tracking === 'Transactions' ? UNAVAILABLE : 'Select an account that tracks transactions'}>
        Import OFX
      </Button>
    </Toolbar>
  );
}
