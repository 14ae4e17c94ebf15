import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '@budget/web';
import { VerifyCodeStep } from '../code/VerifyCodeStep.js';
import { Steps } from '../pages/Steps.js';
import { ChangePasswordStep } from './ChangePasswordStep.js';
import { EnterEmailStep } from './EnterEmailStep.js';

type Step = 'email' | 'verify' | 'password';

const STEPS = [
  ['email', 'Enter Email'],
  ['verify', 'Verify Code'],
  ['password', 'Change Password'],
] as const;

/** Password recovery: Enter Email, Verify Code, Change Password, then /home. */
export function RecoverPasswordPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  return (
    <AuthCard title="Recover Password">
      <Steps steps={STEPS} current={step} />
      {step === 'email' ? (
        <EnterEmailStep
          onSent={(address) => {
            setEmail(address);
            setStep('verify');
          }}
        />
      ) : null}
      {step === 'verify' ? <VerifyCodeStep email={email} onVerified={() => setStep('password')} /> : null}
      {step === 'password' ? <ChangePasswordStep onChanged={() => navigate('/home')} /> : null}
      <p className="ui-muted">
        Remembered it? <Link to="/signin">Sign in</Link>
      </p>
    </AuthCard>
  );
}
