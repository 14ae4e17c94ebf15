import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The centred card of the public pages (sign in, sign up, recovery). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="auth-page">
      <Link to="/" className="auth-page__brand">
        Budget
      </Link>
      <section className="ui-card auth-page__card">
        <h1>{title}</h1>
        {children}
      </section>
    </main>
  );
}
