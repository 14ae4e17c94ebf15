import { Link } from 'react-router';
import { registerUser } from '@budget/contracts';
import { Button, FormError, TextField, useServerForm, useSession } from '@budget/web';

/**
 * Step 1 of sign-up: POST /register (`registerUser`); the server's errors land on the fields, every
 * field's at once (no browser check stops the send at the first empty field), and a password
 * mismatch under Confirm Password.
 */
export function EnterInfoStep({ onRegistered }: { onRegistered: (email: string) => void }) {
  const { api } = useSession();
  const form = useServerForm({ username: '', email: '', password: '', passwordConfirmation: '' });
  const register = form.handleSubmit(
    (values, idempotencyKey) => api.send(registerUser, { body: values }, { idempotencyKey }),
    () => onRegistered(form.values.email.trim().toLowerCase()),
  );
  return (
    <form aria-label="Enter info" onSubmit={register} noValidate>
      <TextField label="Username" autoComplete="username" required {...form.field('username')} />
      <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
      <TextField label="Password" type="password" autoComplete="new-password" required {...form.field('password')} />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        {...form.field('passwordConfirmation')}
      />
      <p className="legal">
        By signing up, you agree to the <Link to="/terms">Terms</Link> and <Link to="/privacy">Privacy Statement</Link>.
      </p>
      <FormError message={form.errors.general} />
      <Button type="submit" variant="primary" disabled={form.submitting}>
        Sign Up
      </Button>
    </form>
  );
}
