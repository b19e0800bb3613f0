import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatCents, taxMessages, taxSkipLabels, type TaxRun } from '@crewpay/core';
import { notifyError } from '../../../lib/notify.ts';
import { fetchTaxPdfUrl } from '../api/taxes.ts';

/** Opens the run's PDF (the forms to mail) in a tab opened on the click, so no popup blocker stops it. */
async function openFormsToMail(runId: string) {
  const tab = window.open('', '_blank');
  try {
    const url = await fetchTaxPdfUrl(runId);
    if (tab) tab.location.href = url;
    else window.open(url, '_blank');
  } catch {
    tab?.close();
    notifyError(taxMessages.failure);
  }
}

/** What a finished run did: how many forms, those to mail (no consent to email), and each skipped user with the reason (never guessed). */
export function TaxRunSummary({ run }: { run: TaxRun }) {
  const count = run.generated.length;
  const done =
    run.method === 'email'
      ? `${run.emails_sent} ${run.emails_sent === 1 ? 'email' : 'emails'} sent, each with the recipient's own form.`
      : `${count} ${count === 1 ? 'document' : 'documents'} generated for ${run.year}.`;
  return (
    <>
      <Alert severity={count > 0 ? 'success' : 'info'}>{done}</Alert>
      {run.to_mail.length > 0 && (
        <>
          <Typography variant="subtitle2">{`To mail (${run.to_mail.length})`}</Typography>
          <Typography variant="body2" color="text.secondary">
            No consent to electronic delivery on file: print these forms from the run's PDF and mail them.
          </Typography>
          <List dense aria-label="To mail" sx={{ maxHeight: 220, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
            {run.to_mail.map((item) => (
              <ListItem key={item.id}>
                <ListItemText primary={`${item.name} · ${item.form} · ${formatCents(item.compensation)}`} />
              </ListItem>
            ))}
          </List>
          <Button variant="outlined" sx={{ alignSelf: 'flex-start' }} onClick={() => void openFormsToMail(run.id)}>
            Print forms to mail
          </Button>
        </>
      )}
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
