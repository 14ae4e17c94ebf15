import { Route, Routes, useLocation } from 'react-router';
import { AuthenticatedLayout } from './layout/AuthenticatedLayout.js';
import { LandingPage } from './pages/LandingPage.js';
import { PrivacyPage, TermsPage } from './pages/LegalPages.js';
import { NotFoundPage } from './pages/NotFoundPage.js';
import { SignInPage } from './pages/SignInPage.js';
import { RecoverPasswordPage } from './recover/RecoverPasswordPage.js';
import { isSignedInPage } from './remotes/remote-routes.js';
import { RemoteRoutes } from './remotes/RemoteRoutes.js';
import { SignUpPage } from './signup/SignUpPage.js';
import { ApplyPreferences } from './user/ApplyPreferences.js';
import { UserPage } from './user/UserPage.js';
import { VerifyEmailPage } from './user/VerifyEmailPage.js';

/** A page behind sign-in gets the app's frame (after sign-in); any other path is not found, signed in or not. */
function SignedInOrNotFound() {
  const { pathname } = useLocation();
  return isSignedInPage(pathname) ? (
    <>
      <ApplyPreferences />
      <AuthenticatedLayout />
    </>
  ) : (
    <NotFoundPage />
  );
}

/** Public pages, then everything behind sign-in: the user page and the remotes' routes; anything else is not found. */
export function ShellRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/signup" element={<SignUpPage />} />
      <Route path="/signin" element={<SignInPage />} />
      <Route path="/recover-password" element={<RecoverPasswordPage />} />
      <Route path="/terms" element={<TermsPage />} />
      <Route path="/privacy" element={<PrivacyPage />} />
      <Route element={<SignedInOrNotFound />}>
        <Route path="/user" element={<UserPage />} />
        {/* The e-mail-change mail's link (product-spec §4): behind sign-in, so a signed-out visitor signs in and comes back to it. */}
        <Route path="/user/verify-email" element={<VerifyEmailPage />} />
        <Route path="*" element={<RemoteRoutes />} />
      </Route>
    </Routes>
  );
}
