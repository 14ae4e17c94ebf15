import type { ReactNode } from 'react';
import { useSession } from '../session/session-context.js';
import { AuthCard } from './AuthCard.js';
import { SignInForm } from './SignInForm.js';

/** Authenticated routes: the sign-in form stands in for them until the user is signed in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { authenticated } = useSession();
  if (authenticated) return <>{children}</>;
  return (
    <AuthCard title="Sign In">
      <SignInForm />
    </AuthCard>
  );
}
