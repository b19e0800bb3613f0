import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { importInviteChoices, importInviteLabels, type ImportInviteChoice } from '@crewpay/core';

const explanations: Record<ImportInviteChoice, string> = {
  now: 'Each new creator gets an email inviting them to their creator dashboard.',
  later: 'No email yet: invite them from the Creators list when you are ready.',
  never: 'No email: they are added without a creator dashboard. You can still invite someone later by selecting them.',
};

/** When the import's creators get their invitation email. */
export function InviteChoice({ value, onChange }: { value: ImportInviteChoice; onChange: (choice: ImportInviteChoice) => void }) {
  return (
    <FormControl sx={{ mt: 2 }}>
      <FormLabel id="invite-choice-label">Invitations</FormLabel>
      <RadioGroup
        aria-labelledby="invite-choice-label"
        value={value}
        onChange={(event) => onChange(event.target.value as ImportInviteChoice)}
      >
        {importInviteChoices.map((choice) => (
          <FormControlLabel
            key={choice}
            value={choice}
            control={<Radio />}
            label={`${importInviteLabels[choice]}: ${explanations[choice]}`}
            slotProps={{ typography: { variant: 'body2' } }}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** The answer's first words: how many were added and what happened to their invitations. */
export function answerSummary(added: number, invite: ImportInviteChoice): string {
  const count = added === 1 ? '1 creator added' : `${added.toLocaleString('en-US')} creators added`;
  if (added === 0 || invite === 'now') return `${count}.`;
  return invite === 'later'
    ? `${count}; their invitations wait until you send them from the Creators list.`
    : `${count} without an invitation.`;
}
