import { Link } from 'react-router';
import { login } from '@budget/contracts';
import { useServerForm } from '../forms/use-server-form.js';
import { useSession } from '../session/session-context.js';
import { Button } from '../ui/Button.js';
import { FormError } from '../ui/FormError.js';
import { TextField } from '../ui/TextField.js';
import { oneSignInError } from './sign-in-errors.js';

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

  // Wrong credentials: one message under the form, not the same one under both fields.
  const errors = oneSignInError(form.errors);
  return (
    <form aria-label="Sign in" onSubmit={submit}>
      <TextField label="Username" autoComplete="username" required {...form.field('username')} error={errors.fields.username} />
      <TextField label="Password" type="password" autoComplete="current-password" required {...form.field('password')} error={errors.fields.password} />
      <FormError message={errors.general} />
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
