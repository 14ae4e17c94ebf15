import { Navigate, useLocation } from 'react-router';
import { RemoteApp } from './RemoteApp.js';
import { remoteForPath } from './remote-routes.js';

/** Hands the current path to the remote that owns it; other paths go to /home. */
export function RemoteRoutes() {
  const { pathname } = useLocation();
  const name = remoteForPath(pathname);
  return name === null ? <Navigate to="/home" replace /> : <RemoteApp name={name} />;
}
