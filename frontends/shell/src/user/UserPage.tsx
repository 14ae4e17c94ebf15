import { Button, Card, LoadError, LoadingBlock, TextField, Toolbar, useSession } from '@budget/web';
import { ChangePassword } from './ChangePassword.js';
import { DeleteAccount } from './DeleteAccount.js';
import { EmailField } from './EmailField.js';
import { ExportTransactions } from './ExportTransactions.js';
import { NotificationsButton } from './NotificationsButton.js';
import { PendingEmail } from './PendingEmail.js';
import { PreferencesForm } from './PreferencesForm.js';

/**
 * /user: account settings (product-spec §2 User page): username (read-only), the e-mail with
 * Change and the pending block, notifications, password, display preferences, the download of
 * every transaction, Delete Account.
 */
export function UserPage() {
  const { user, userLoad, signOut } = useSession();
  if (user === null) {
    return userLoad.failed ? <LoadError what="Your account" error={userLoad.error} onRetry={userLoad.retry} retrying={userLoad.retrying} /> : <LoadingBlock />;
  }
  return (
    <div className="user-page">
      <h1>Account</h1>
      <Card>
        <TextField label="Username" value={user.username} readOnly />
        {/* Keyed by both addresses: once a change is pending the field shows the confirmed one again. */}
        <EmailField key={`${user.email} ${user.pendingEmail ?? ''}`} email={user.email} />
        {user.pendingEmail ? <PendingEmail pendingEmail={user.pendingEmail} /> : null}
      </Card>
      <Card title="Notifications">
        <NotificationsButton />
      </Card>
      <Card title="Password">
        <ChangePassword />
      </Card>
      <Card title="Preferences">
        <PreferencesForm />
      </Card>
      <Card title="Your data">
        <ExportTransactions />
      </Card>
      <Card title="Session">
        <Toolbar>
          <Button onClick={() => void signOut()}>Sign Out</Button>
          <DeleteAccount />
        </Toolbar>
      </Card>
    </div>
  );
}
