import { Link } from 'react-router';
import { AuthCard } from '@budget/web';

/**
 * /terms and /privacy: the pages the sign-up form's "By signing up, you agree to the Terms and
 * Privacy Statement" links to (product-spec §5), so that those links lead somewhere. Public,
 * signed in or not; what they say follows what the product does (docs/architecture.md).
 */
export function TermsPage() {
  return (
    <AuthCard title="Terms of Use">
      <div className="legal-page" data-testid="terms">
        <p>Budget is a tool for planning your own money in envelopes. By creating an account you agree to the following.</p>
        <ul>
          <li>You use Budget for your own or your household&apos;s budgeting. The numbers it shows are your own records; they are not financial, tax or legal advice.</li>
          <li>You keep your username and password to yourself and tell us if you think someone else has used your account.</li>
          <li>Balances that come from a bank connection or an imported file are as accurate as what the bank sent. Check them against your statements; the reconcile tools are there for that.</li>
          <li>We try to keep Budget available and your data safe, but we cannot promise the service will never be interrupted.</li>
          <li>You may stop at any time: deleting your account on the user page removes it and everything in it.</li>
        </ul>
        <p>
          How we handle your data is described in the <Link to="/privacy">Privacy Statement</Link>.
        </p>
      </div>
    </AuthCard>
  );
}

export function PrivacyPage() {
  return (
    <AuthCard title="Privacy Statement">
      <div className="legal-page" data-testid="privacy">
        <p>Budget keeps only what it needs to run your budget.</p>
        <ul>
          <li>What we store: your username, e-mail address and a hash of your password; the institutions, accounts, transactions, categories and rules you create or import.</li>
          <li>Bank connections go through Plaid. We never see your bank password; the access token Plaid gives us is stored encrypted and used only to fetch your accounts and transactions.</li>
          <li>E-mail is used for sign-up and recovery codes and for changes to your address, nothing else.</li>
          <li>We do not sell or share your data, and we show no advertising.</li>
          <li>Deleting your account on the user page erases your data from every table and event stream; nothing of it is kept.</li>
        </ul>
        <p>
          See also the <Link to="/terms">Terms of Use</Link>. <Link to="/">Back to Budget</Link>
        </p>
      </div>
    </AuthCard>
  );
}
