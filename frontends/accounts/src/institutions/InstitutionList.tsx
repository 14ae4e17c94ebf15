import { Link } from 'react-router';
import { ExplainBalance, formatDate, recordPath, useSyncingInstitutions, wireCents, type Id } from '@budget/web';
import type { Institution } from './institution-data.js';
import { InstitutionMenu } from './InstitutionMenu.js';

export interface InstitutionListProps {
  institutions: readonly Institution[];
  selectedId: Id | null;
  empty: string;
  onAccountCreated: (accountId: Id | null) => void;
  onInstitutionDeleted: (institution: Institution) => void;
}

/**
 * Institutions with their accounts and a menu of institution actions; each account links to its
 * details, and its balance beside the link opens the walk of that balance. A linked bank whose first sync has not landed says "Syncing…" (the change feed knows).
 */
export function InstitutionList({ institutions, selectedId, empty, onAccountCreated, onInstitutionDeleted }: InstitutionListProps) {
  const syncing = useSyncingInstitutions();
  if (institutions.length === 0) return <p className="ui-muted" data-testid="institutions-empty">{empty}</p>;
  return (
    <ul className="institution-list" aria-label="Institutions" data-testid="institution-list">
      {institutions.map((institution) => (
        <li key={institution.id} className="institution" data-testid={`institution-${institution.id}`}>
          <div className="institution__name">
            <span className="institution__title">{institution.name}</span>
            {institution.syncDate ? <span className="ui-muted">{formatDate(institution.syncDate)}</span> : null}
            {syncing.has(institution.id) ? (
              <span className="ui-muted institution__syncing" role="status" data-testid={`institution-syncing-${institution.id}`}>
                Syncing…
              </span>
            ) : null}
            <InstitutionMenu institution={institution} onAccountCreated={onAccountCreated} onDeleted={onInstitutionDeleted} />
          </div>
          <ul className="institution__accounts">
            {(institution.accounts ?? []).map((account) => (
              <li key={account.id} className="institution__account-entry">
                <Link
                  to={recordPath('/accounts', account.id)}
                  className="institution__account"
                  data-testid={`account-${account.id}`}
                  aria-current={account.id === selectedId ? 'page' : undefined}
                >
                  <span>{account.name}</span>
                </Link>
                {/* Beside the link, never in it: the balance opens its walk (docs/architecture.md §9 "Every balance explains itself"). */}
                <span className="institution__balance">
                  <ExplainBalance subject="account" id={account.id} name={account.name} cents={wireCents(account.balance)} testId={`account-balance-${account.id}`} />
                </span>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
