import { useLocation } from 'react-router';
import { NotFoundPage } from '../pages/NotFoundPage.js';
import { RemoteApp } from './RemoteApp.js';
import { remoteForPath } from './remote-routes.js';

/** Hands the current path to the remote that owns it; a path no remote owns is not found. */
export function RemoteRoutes() {
  const { pathname } = useLocation();
  const name = remoteForPath(pathname);
  return name === null ? <NotFoundPage /> : <RemoteApp name={name} />;
}
