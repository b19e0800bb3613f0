import { useCallback } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  backupWithholdingLabels,
  executionHeadline,
  executionNothingSent,
  executionPreviewLines,
  formatCents,
  type InitiatePreview,
} from '@crewpay/core';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useExecutionPreview, useExecutionQuotes, type ExecutionSelection } from '../api/payments.ts';
import { useExecuteWhen } from './execute-when.tsx';
import { PayoutQuotes, useRequoteOnExpiry } from './payout-quotes.tsx';

type Props = {
  selection: ExecutionSelection;
  awaiting?: number;
  isOpen: boolean;
  isPending: boolean;
  /** With the quote ids of the payments abroad the owner saw (locked on Execute). */
  onConfirm: (quoteIds: string[]) => void;
  onClose: () => void;
};

const plural = (count: number, word: string) => `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;

/**
 * The headline: how many payments Execute holds money for and the total; with backup withholding,
 * the whole amount, the tax kept back and what the payees receive; when it holds none (every
 * selected payment waits for a release), that nothing is sent now, never "Execute 0 payments".
 */
function ExecutionHeadline({ preview }: { preview: InitiatePreview }) {
  if (preview.count === 0) return <Typography>{`${executionNothingSent}.`}</Typography>;
  const { headline, figures } = executionHeadline(preview);
  return (
    <>
      <Typography>{headline}</Typography>
      <Typography variant="body2" color="text.secondary">
        {figures}
      </Typography>
    </>
  );
}

/** Backup withholding in the Execute dialog: what is kept back for the IRS, what the payees receive, and why. */
function BackupWithholdingLine({ withholding }: { withholding: NonNullable<InitiatePreview['backup_withholding']> }) {
  const { rate, count, withheld, receives } = withholding;
  const headline = backupWithholdingLabels.explained(rate, formatCents(withheld), formatCents(receives));
  return (
    <Stack spacing={0.25} aria-label="Backup withholding">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {count === 1 ? headline : `${headline.replace('payee receives', 'payees receive')} (${plural(count, 'payment')})`}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {`No W-9 on file for ${count === 1 ? 'this payee' : 'these payees'}: the tax is booked as owed to the IRS and kept out of your available balance.`}
      </Typography>
    </Stack>
  );
}

/**
 * Execute Payments asks first, from the preview's outcomes (what Execute will do, the same plan):
 * how many, the total, the fees, and one line per outcome that is not "sent now": waiting for
 * payout details, held for approval (and by whom), waiting for a contract, deliverable or invoice.
 */
export function ExecuteConfirmDialog({ selection, awaiting = 0, isOpen, isPending, onConfirm, onClose }: Props) {
  const quotes = useExecutionQuotes(selection, isOpen);
  const { refetch: requote } = quotes;
  useRequoteOnExpiry(
    quotes.data?.quotes,
    useCallback(() => void requote(), [requote]),
  );
  const quoteIds = quotes.data?.quotes.map((quote) => quote.quote_id) ?? [];
  // A quote that could not be had leaves Execute to the server, which refuses a payment abroad without one.
  const quoted = Boolean(quotes.data || quotes.isError) && !quotes.isFetching;
  // The preview at the quotes shown: a payment entered in its payee's currency counts the dollars its quote takes.
  const { data: preview, isFetching } = useExecutionPreview(
    quoteIds.length > 0 ? { ...selection, quote_ids: quoteIds } : selection,
    isOpen && quoted,
  );
  const ready = preview && !isFetching && quoted;
  const when = useExecuteWhen(selection, onClose);
  const lines = ready ? executionPreviewLines(preview.outcomes) : [];
  return (
    <ConfirmDialog
      isOpen={isOpen}
      title="Execute payments"
      confirmLabel={when.confirmLabel}
      isPending={isPending || when.isPending || !ready}
      onClose={onClose}
      onConfirm={when.confirm(() => onConfirm(quoteIds))}
    >
      {ready ? (
        <Stack spacing={1} aria-label="Execution summary">
          <ExecutionHeadline preview={preview} />
          {lines.length > 0 && (
            <Stack spacing={0.5} component="ul" aria-label="What happens" sx={{ m: 0, pl: 2.5 }}>
              {lines.map((line) => (
                <Typography key={line} component="li" variant="body2">{`${line}.`}</Typography>
              ))}
            </Stack>
          )}
          {preview.backup_withholding && <BackupWithholdingLine withholding={preview.backup_withholding} />}
          {awaiting > 0 && (
            <Typography variant="body2">{`${plural(awaiting, 'selected payment')} already ${awaiting === 1 ? 'waits' : 'wait'} for payout details: the money is held and goes out when the recipient answers.`}</Typography>
          )}
          {preview.outcomes.waiting.count > 0 && (
            <Typography variant="body2" color="text.secondary">
              Executing marks the waiting payments: each goes out on its own once released.
            </Typography>
          )}
          <PayoutQuotes quotes={quotes.data?.quotes ?? []} />
          {when.field}
        </Stack>
      ) : (
        <Typography color="text.secondary">Preparing your payments…</Typography>
      )}
    </ConfirmDialog>
  );
}
