import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '@budget/web';
import { VerifyCodeStep } from '../code/VerifyCodeStep.js';
import { Steps } from '../pages/Steps.js';
import { EnterInfoStep } from './EnterInfoStep.js';

const STEPS = [
  ['info', 'Enter Info'],
  ['verify', 'Verify Code'],
] as const;

/** Sign-up: Enter Info, then Verify Code, then /home. */
export function SignUpPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState<string | null>(null);
  return (
    <AuthCard title="Sign Up">
      <Steps steps={STEPS} current={email === null ? 'info' : 'verify'} />
      {email === null ? (
        <EnterInfoStep onRegistered={setEmail} />
      ) : (
        <VerifyCodeStep email={email} onVerified={() => navigate('/home')} />
      )}
      <p className="ui-muted">
        Already have an account? <Link to="/signin">Sign in</Link>
      </p>
    </AuthCard>
  );
}
