import { AuthLayout } from '../../../components/auth-layout.tsx';
import { SignInForm } from '../components/sign-in-form.tsx';

export default function SignInPage() {
  return (
    <AuthLayout title="Welcome back">
      <SignInForm />
    </AuthLayout>
  );
}
