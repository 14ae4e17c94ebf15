import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { LoadingBlock } from '@budget/web';
import { RemoteBoundary } from './RemoteBoundary.js';
import { remotesRegistered } from './registration.js';
import type { RemoteName } from './remote-routes.js';

const TITLES: Record<RemoteName, string> = { home: 'Budget', accounts: 'Accounts', reports: 'Reports', admin: 'Logs' };

const apps = new Map<RemoteName, LazyExoticComponent<ComponentType>>();

/** The remote's exposed `./App`, loaded on first use and kept for later visits. */
function remoteApp(name: RemoteName): LazyExoticComponent<ComponentType> {
  let app = apps.get(name);
  if (app === undefined) {
    app = lazy(async () => {
      await remotesRegistered();
      const module = await loadRemote<{ default?: ComponentType }>(`${name}/App`);
      if (!module?.default) throw new Error(`remote ${name} did not provide an App`);
      return { default: module.default };
    });
    apps.set(name, app);
  }
  return app;
}

/** Renders a remote's routes, with a spinner while it loads and a fallback if it cannot. */
export function RemoteApp({ name }: { name: RemoteName }) {
  const App = remoteApp(name);
  return (
    <RemoteBoundary key={name} title={TITLES[name]}>
      <Suspense fallback={<LoadingBlock />}>
        <App />
      </Suspense>
    </RemoteBoundary>
  );
}
