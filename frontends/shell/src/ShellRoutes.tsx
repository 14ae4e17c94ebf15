import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { LoadingBlock } from '@budget/web';
import { AuthenticatedLayout } from './layout/AuthenticatedLayout.js';
import { isSignedInPage } from './remotes/remote-routes.js';
import { RemoteRoutes } from './remotes/RemoteRoutes.js';
import { ApplyPreferences } from './user/ApplyPreferences.js';

// Pages a signed-in user opening the budget does not need load on first visit (the first screen's
// weight budget, README "Performance"): the front page, sign-in and sign-up, recovery, the legal
// pages, the user page and "Page not found".
const LandingPage = lazy(() => import('./pages/LandingPage.js').then((m) => ({ default: m.LandingPage })));
const SignInPage = lazy(() => import('./pages/SignInPage.js').then((m) => ({ default: m.SignInPage })));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage.js').then((m) => ({ default: m.NotFoundPage })));
const SignUpPage = lazy(() => import('./signup/SignUpPage.js').then((m) => ({ default: m.SignUpPage })));
const RecoverPasswordPage = lazy(() => import('./recover/RecoverPasswordPage.js').then((m) => ({ default: m.RecoverPasswordPage })));
const TermsPage = lazy(() => import('./pages/LegalPages.js').then((m) => ({ default: m.TermsPage })));
const PrivacyPage = lazy(() => import('./pages/LegalPages.js').then((m) => ({ default: m.PrivacyPage })));
const UserPage = lazy(() => import('./user/UserPage.js').then((m) => ({ default: m.UserPage })));
const VerifyEmailPage = lazy(() => import('./user/VerifyEmailPage.js').then((m) => ({ default: m.VerifyEmailPage })));

const later = (page: ReactNode) => <Suspense fallback={<LoadingBlock />}>{page}</Suspense>;

/** A page behind sign-in gets the app's frame (after sign-in); any other path is not found, signed in or not. */
function SignedInOrNotFound() {
  const { pathname } = useLocation();
  return isSignedInPage(pathname) ? (
    <>
      <ApplyPreferences />
      <AuthenticatedLayout />
    </>
  ) : (
    later(<NotFoundPage />)
  );
}

/** Public pages, then everything behind sign-in: the user page and the remotes' routes; anything else is not found. */
export function ShellRoutes() {
  return (
    <Routes>
      <Route path="/" element={later(<LandingPage />)} />
      <Route path="/signup" element={later(<SignUpPage />)} />
      <Route path="/signin" element={later(<SignInPage />)} />
      <Route path="/recover-password" element={later(<RecoverPasswordPage />)} />
      <Route path="/terms" element={later(<TermsPage />)} />
      <Route path="/privacy" element={later(<PrivacyPage />)} />
      <Route element={<SignedInOrNotFound />}>
        <Route path="/user" element={later(<UserPage />)} />
        {/* The e-mail-change mail's link (product-spec §4): behind sign-in, so a signed-out visitor signs in and comes back to it. */}
        <Route path="/user/verify-email" element={later(<VerifyEmailPage />)} />
        <Route path="*" element={<RemoteRoutes />} />
      </Route>
    </Routes>
  );
}
