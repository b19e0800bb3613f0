import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';

type Step = { label: string; to: string | null; isComplete: boolean };
type Props = { orgId: string; steps: Step[] };

const storageKey = (orgId: string) => `crewpay.setupChecklistDismissed.${orgId}`;

/** 'Set up your account': clickable steps, shown until the close button dismisses it for this organisation. */
export function SetupChecklist({ orgId, steps }: Props) {
  const [isDismissed, setDismissed] = useState(() => localStorage.getItem(storageKey(orgId)) === 'true');
  if (isDismissed) return null;

  const dismiss = () => {
    localStorage.setItem(storageKey(orgId), 'true');
    setDismissed(true);
  };

  return (
    <Card variant="outlined" component="section" aria-label="Set up your account">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
            Set up your account
          </Typography>
          <IconButton aria-label="Dismiss setup checklist" onClick={dismiss} size="small">
            <CloseIcon fontSize="small" />
          </IconButton>
        </Stack>
        <List dense disablePadding>
          {steps.map((step) => {
            const label = `${step.label}${step.isComplete ? ' (complete)' : ''}`;
            const content = (
              <>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  {step.isComplete ? (
                    <CheckCircleIcon color="success" data-testid="step-complete" />
                  ) : (
                    <RadioButtonUncheckedIcon color="disabled" />
                  )}
                </ListItemIcon>
                <ListItemText
                  primary={step.label}
                  slotProps={{ primary: { sx: step.isComplete ? { textDecoration: 'line-through', color: 'text.secondary' } : {} } }}
                />
              </>
            );
            // Every child of the list is a list item; a step with a page is a link inside its item.
            return step.to ? (
              <ListItem key={step.label} disablePadding>
                <ListItemButton component={RouterLink} to={step.to} aria-label={label}>
                  {content}
                </ListItemButton>
              </ListItem>
            ) : (
              <ListItem key={step.label} aria-label={label}>
                {content}
              </ListItem>
            );
          })}
        </List>
      </CardContent>
    </Card>
  );
}
