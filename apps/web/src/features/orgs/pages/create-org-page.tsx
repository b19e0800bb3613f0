import { AuthLayout } from '../../../components/auth-layout.tsx';
import { CreateOrgForm } from '../components/create-org-form.tsx';

export default function CreateOrgPage() {
  return (
    <AuthLayout title="Create your organization" subtitle="Tell us who is paying your creators.">
      <CreateOrgForm />
    </AuthLayout>
  );
}
