import { useNavigate } from 'react-router';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

type Props = { isOpen: boolean; hasRepresentative: boolean; onClose: () => void };

/** 'Before we get started...': why activation asks for legal details, and who should do it. */
export function ActivationDialog({ isOpen, hasRepresentative, onClose }: Props) {
  const navigate = useNavigate();
  // With a representative on file, step 1 is done: continue at the business step.
  const start = () => void navigate(hasRepresentative ? '/createFundBusiness' : '/createFundAcct');

  return (
    <ConfirmDialog isOpen={isOpen} title="Before we get started..." confirmLabel="Let's go!" onConfirm={start} onClose={onClose}>
      <Typography sx={{ mb: 2 }}>
        To send payments we are legally required to collect some details about your organization and the person representing it, such as an
        SSN, a birth date and an EIN. These details are stored securely and are never shared with third parties.
      </Typography>
      <Typography>Activation should be done by a person authorized to sign on behalf of your organization.</Typography>
    </ConfirmDialog>
  );
}
