import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { RequireAuth } from '../auth/RequireAuth.js';
import { AppProviders } from '../session/AppProviders.js';

/**
 * Runs a remote on its own for development: its routes inside a router, the providers and the
 * sign-in gate, as the shell would give them.
 */
export function mountStandalone(App: ComponentType, element = document.getElementById('root')): void {
  if (element === null) throw new Error('no #root element to mount into');
  createRoot(element).render(
    <StrictMode>
      <BrowserRouter>
        <AppProviders>
          <RequireAuth>
            <main className="ui-frame__main">
              <App />
            </main>
          </RequireAuth>
        </AppProviders>
      </BrowserRouter>
    </StrictMode>,
  );
}
