import { Route, Routes } from 'react-router';
import { AuthenticatedLayout } from './layout/AuthenticatedLayout.js';
import { LandingPage } from './pages/LandingPage.js';
import { SignInPage } from './pages/SignInPage.js';
import { RecoverPasswordPage } from './recover/RecoverPasswordPage.js';
import { RemoteRoutes } from './remotes/RemoteRoutes.js';
import { SignUpPage } from './signup/SignUpPage.js';
import { UserPage } from './user/UserPage.js';

/** Public pages, then everything behind sign-in: the user page and the remotes' routes. */
export function ShellRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/signup" element={<SignUpPage />} />
      <Route path="/signin" element={<SignInPage />} />
      <Route path="/recover-password" element={<RecoverPasswordPage />} />
      <Route element={<AuthenticatedLayout />}>
        <Route path="/user" element={<UserPage />} />
        <Route path="*" element={<RemoteRoutes />} />
      </Route>
    </Routes>
  );
}
