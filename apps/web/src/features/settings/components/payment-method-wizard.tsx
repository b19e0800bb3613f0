import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { BeneficiaryForm, PaymentInfoForm } from './payment-method-forms.tsx';

const steps = ['Beneficiaries information', 'Payment info'];

/**
 * Settings > Profile: the Add Payment Method wizard (document 001), shown when the server's
 * PAYMENT_METHOD_WIZARD flag is on. Local only, as the spec says: it checks the fields and saves
 * nothing. Step 0 Beneficiaries information, step 1 Payment info, then All steps completed.
 */
export function PaymentMethodWizard() {
  const [step, setStep] = useState(0);
  // Each run of the wizard starts from empty forms: Reset mounts new ones.
  const [run, setRun] = useState(0);
  const reset = () => {
    setStep(0);
    setRun((value) => value + 1);
  };
  return (
    <Card variant="outlined" component="section" aria-label="Add Payment Method" sx={{ maxWidth: 720 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          Add Payment Method
        </Typography>
        <Stepper activeStep={step} sx={{ mb: 3 }}>
          {steps.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <Box key={run}>
          <Box hidden={step !== 0}>
            <BeneficiaryForm onNext={() => setStep(1)} />
          </Box>
          {step >= 1 && (
            <Box hidden={step !== 1}>
              <PaymentInfoForm onBack={() => setStep(0)} onFinish={() => setStep(2)} />
            </Box>
          )}
          {step === 2 && (
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography>All steps completed</Typography>
              <Button onClick={reset}>Reset</Button>
            </Box>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
