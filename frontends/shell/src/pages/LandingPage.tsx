import { ButtonLink, useSession } from '@budget/web';

/** The public front page: the promise, and the ways in. */
export function LandingPage() {
  const { authenticated } = useSession();
  return (
    <div className="landing">
      <header className="landing__top">
        <span className="landing__brand">Budget</span>
        {authenticated ? (
          <ButtonLink to="/home" variant="primary">
            Open your budget
          </ButtonLink>
        ) : (
          <>
            <ButtonLink to="/signin" variant="text">
              Sign in
            </ButtonLink>
            <ButtonLink to="/signup" variant="primary">
              Sign up
            </ButtonLink>
          </>
        )}
      </header>
      <main className="landing__hero">
        <h1 className="landing__tagline">We all spend money. Be smart about how you spend it.</h1>
        <p className="landing__lead">
          Give every dollar a job: link your bank or enter accounts by hand, fund your categories each month, and
          see where your money goes.
        </p>
        {authenticated ? null : (
          <div className="landing__actions">
            <ButtonLink to="/signup" variant="primary">
              Sign up
            </ButtonLink>
            <ButtonLink to="/signin">Sign in</ButtonLink>
          </div>
        )}
      </main>
    </div>
  );
}
