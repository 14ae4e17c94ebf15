import { lazy, Suspense, type ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { LoadingBlock } from '@budget/web';
import { RemoteBoundary } from './RemoteBoundary.js';
import { remotesRegistered } from './registration.js';
import type { RemoteName } from './remote-routes.js';

const TITLES: Record<RemoteName, string> = { home: 'Budget', accounts: 'Accounts', reports: 'Reports', admin: 'Logs' };

/** A remote's exposed `./App`, fetched on first render and kept for later visits. */
const remoteApp = (name: RemoteName) =>
  lazy(async () => {
    await remotesRegistered();
    const module = await loadRemote<{ default?: ComponentType }>(`${name}/App`);
    if (!module?.default) throw new Error(`remote ${name} did not provide an App`);
    return { default: module.default };
  });

const APPS = { home: remoteApp('home'), accounts: remoteApp('accounts'), reports: remoteApp('reports'), admin: remoteApp('admin') };

/** Renders a remote's routes, with a spinner while it loads and a fallback if it cannot. */
export function RemoteApp({ name }: { name: RemoteName }) {
  const App = APPS[name];
  return (
    <RemoteBoundary key={name} title={TITLES[name]}>
      <Suspense fallback={<LoadingBlock />}>
        <App />
      </Suspense>
    </RemoteBoundary>
  );
}
