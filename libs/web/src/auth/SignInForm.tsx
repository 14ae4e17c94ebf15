import { Link } from 'react-router';
import { readTokens } from '../api/read-tokens.js';
import { useServerForm } from '../forms/use-server-form.js';
import { useSession } from '../session/session-context.js';
import { Button } from '../ui/Button.js';
import { FormError } from '../ui/FormError.js';
import { TextField } from '../ui/TextField.js';

/** Username and password; POST /api/v1/login, whose errors land on the fields. */
export function SignInForm({ onSignedIn }: { onSignedIn?: () => void }) {
  const { api, signIn } = useSession();
  const form = useServerForm({ username: '', password: '' });

  const onSuccess = (body: unknown) => {
    const tokens = readTokens(body);
    if (tokens === null) return form.fail('The server answered without a session.');
    signIn(tokens);
    onSignedIn?.();
  };

  return (
    <form aria-label="Sign in" onSubmit={form.handleSubmit((values) => api.post('/api/v1/login', values), onSuccess)}>
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
