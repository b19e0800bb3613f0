import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatCents, taxSkipLabels, type TaxRun } from '@crewpay/core';

/** What a finished run did: how many forms, and each skipped user with the reason (never guessed). */
export function TaxRunSummary({ run }: { run: TaxRun }) {
  const count = run.generated.length;
  const done =
    run.method === 'email'
      ? `${run.emails_sent} ${run.emails_sent === 1 ? 'email' : 'emails'} sent, each with the recipient's own form.`
      : `${count} ${count === 1 ? 'document' : 'documents'} generated for ${run.year}.`;
  return (
    <>
      <Alert severity={count > 0 ? 'success' : 'info'}>{done}</Alert>
      {run.skipped.length > 0 && (
        <>
          <Typography variant="subtitle2">Skipped ({run.skipped.length})</Typography>
          <List
            dense
            aria-label="Skipped users"
            sx={{ maxHeight: 220, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            {run.skipped.map((item) => (
              <ListItem key={item.id}>
                <ListItemText
                  primary={`${item.name} · ${item.form} · ${formatCents(item.compensation)}`}
                  secondary={item.reasons.map((reason) => taxSkipLabels[reason]).join('; ')}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </>
  );
}
