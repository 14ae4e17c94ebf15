/**
 * Plaid Link with real Plaid (PLAID_ENV=sandbox|production): Plaid's documented script
 * (https://cdn.plaid.com/link/v2/stable/link-initialize.js), loaded once, opened with our link
 * token. Only the simulator path is exercised by the tests here; this one needs Plaid credentials.
 */
const SCRIPT = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';

interface PlaidLinkHandler {
  open: () => void;
  destroy: () => void;
}
interface PlaidGlobal {
  create: (options: {
    token: string;
    onSuccess: (publicToken: string, metadata: { institution?: { institution_id?: string } | null }) => void;
    onExit: (error: unknown) => void;
  }) => PlaidLinkHandler;
}

let loading: Promise<PlaidGlobal> | null = null;

function loadPlaid(): Promise<PlaidGlobal> {
  loading ??= new Promise<PlaidGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT;
    script.async = true;
    script.onload = () => resolve((window as unknown as { Plaid: PlaidGlobal }).Plaid);
    script.onerror = () => {
      loading = null;
      reject(new Error('Plaid Link could not be loaded.'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** What Link gave back: the public token (null in update mode, which needs no exchange) and the bank's id; null when the user left. */
export interface LinkSuccess {
  publicToken: string;
  institutionId: string;
}

/** Opens Plaid Link for the token; settles when the user finishes (the result) or leaves it (null). */
export async function openPlaidLink(linkToken: string): Promise<LinkSuccess | null> {
  const plaid = await loadPlaid();
  return new Promise((resolve) => {
    const handler = plaid.create({
      token: linkToken,
      onSuccess: (publicToken, metadata) => {
        handler.destroy();
        resolve({ publicToken, institutionId: metadata.institution?.institution_id ?? '' });
      },
      onExit: () => {
        handler.destroy();
        resolve(null);
      },
    });
    handler.open();
  });
}
