import { Button, Card, LoadError, LoadingBlock, TextField, Toolbar, useSession } from '@budget/web';
import { DeleteAccount } from './DeleteAccount.js';
import { EmailField } from './EmailField.js';
import { PendingEmail } from './PendingEmail.js';

/** /user: account settings. */
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
        <EmailField key={user.email} email={user.email} />
        {user.pendingEmail ? <PendingEmail pendingEmail={user.pendingEmail} /> : null}
      </Card>
      <Card title="Notifications">
        <Button disabled title="Push notifications are not available in this version.">
          Enable Notifications
        </Button>
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
