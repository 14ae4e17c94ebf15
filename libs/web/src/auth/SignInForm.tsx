import { Link } from 'react-router';
import { login } from '@budget/contracts';
import { useServerForm } from '../forms/use-server-form.js';
import { useSession } from '../session/session-context.js';
import { Button } from '../ui/Button.js';
import { FormError } from '../ui/FormError.js';
import { TextField } from '../ui/TextField.js';

/** Username and password; POST /login (`login`), whose errors land on the fields. */
export function SignInForm({ onSignedIn }: { onSignedIn?: () => void }) {
  const { api, signIn } = useSession();
  const form = useServerForm({ username: '', password: '' });

  const submit = form.handleSubmit(
    (values, idempotencyKey) => api.send(login, { body: values }, { idempotencyKey }),
    ({ data }) => {
      signIn(data);
      onSignedIn?.();
    },
  );

  return (
    <form aria-label="Sign in" onSubmit={submit}>
      <TextField label="Username" autoComplete="username" required {...form.field('username')} />
      <TextField label="Password" type="password" autoComplete="current-password" required {...form.field('password')} />
      <FormError message={form.errors.general} />
      <div className="auth-page__actions">
        <Button type="submit" variant="primary" disabled={form.submitting}>
          Sign In
        </Button>
        <Link to="/recover-password">Forgot your password?</Link>
      </div>
      <p className="ui-muted">
        New here? <Link to="/signup">Sign up</Link>
      </p>
    </form>
  );
}
