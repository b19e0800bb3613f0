import { AuthLayout } from '../../../components/auth-layout.tsx';
import { SignUpForm } from '../components/sign-up-form.tsx';

export default function SignUpPage() {
  return (
    <AuthLayout title="Create your account" subtitle="Start paying your creators in minutes.">
      <SignUpForm />
    </AuthLayout>
  );
}
