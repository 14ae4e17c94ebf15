import { Navigate, useNavigate } from 'react-router';
import { AuthCard, SignInForm, useSession } from '@budget/web';

export function SignInPage() {
  const { authenticated } = useSession();
  const navigate = useNavigate();
  if (authenticated) return <Navigate to="/home" replace />;
  return (
    <AuthCard title="Sign In">
      <SignInForm onSignedIn={() => navigate('/home')} />
    </AuthCard>
  );
}
