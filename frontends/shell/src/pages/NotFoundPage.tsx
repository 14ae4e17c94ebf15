import { useLocation } from 'react-router';
import { AuthCard, ButtonLink, useSession } from '@budget/web';

/**
 * A path no page owns (`/no-such-page`): the server answers it with the shell, and this says so,
 * with the way home — the budget when signed in, else the front page. Shown signed in or not.
 */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const { authenticated } = useSession();
  return (
    <AuthCard title="Page not found">
      <div data-testid="not-found">
        <p>
          There is no page at <code>{pathname}</code>.
        </p>
        <ButtonLink to={authenticated ? '/home' : '/'} variant="primary">
          Back to home
        </ButtonLink>
      </div>
    </AuthCard>
  );
}
