import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isValidCcEmailList, splitCcEmails } from '@crewpay/core';
import { useCustomer } from '../../../entities/customers/index.ts';
import { uploadInvoiceAttachment, useCreateInvoice, useCreateSchedule } from '../../../entities/invoices/index.ts';
import { notifyFailure } from '../../../lib/notify.ts';
import { useServerNow } from '../../../lib/server-meta.ts';
import { useCurrentOrg } from '../../../lib/session/current-org.ts';
import { CollectPaymentFields, disallowedOf, type CollectValue } from '../components/collect-payment-fields.tsx';
import { FundedPaymentsField } from '../components/funded-payments-field.tsx';
import { InvoiceAmountFields, isInvoiceAmountValid, type InvoiceAmountValue } from '../components/invoice-amount-fields.tsx';
import { isEmailLike, RecipientCard, type Recipient } from '../components/recipient-card.tsx';
import { defaultRepeat, RepeatFields, scheduleBodyOf, type RepeatValue } from '../components/repeat-fields.tsx';
import { DEFAULT_TERMS, netOf, TermsField, type TermsValue } from '../components/terms-field.tsx';

/** /invoices/newInvoice (?customerId prefills the recipient, ?campaignId preselects the campaign). */
export default function NewInvoicePage() {
  const [params] = useSearchParams();
  const customerId = params.get('customerId') ?? '';
  const { data: prefill } = useCustomer(customerId);
  const { data: org } = useCurrentOrg();
  const navigate = useNavigate();
  const create = useCreateInvoice();
  const createSchedule = useCreateSchedule();
  const [recipient, setRecipient] = useState<Recipient>({
    email: '',
    name: '',
    customer: null,
    campaignId: params.get('campaignId') ?? '',
    attn: '',
    cc: '',
  });
  const [prefilledId, setPrefilledId] = useState('');
  if (prefill && prefilledId !== prefill.id) {
    setPrefilledId(prefill.id);
    setRecipient({
      ...recipient,
      email: prefill.email ?? '',
      name: prefill.name,
      customer: prefill,
      attn: prefill.attn ?? '',
      cc: prefill.cc_emails.join(', '),
    });
  }
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [money, setMoney] = useState<InvoiceAmountValue>({ currency: 'usd', amount: null });
  const { amount } = money;
  const [terms, setTerms] = useState<TermsValue>(DEFAULT_TERMS);
  const [collect, setCollect] = useState<CollectValue>({ isCollected: true, bank: true, card: true });
  const [funded, setFunded] = useState<string[]>([]);
  const [attachment, setAttachment] = useState<{ id: string; file_name: string } | null>(null);
  const [isUploading, setUploading] = useState(false);
  const [isTouched, setTouched] = useState(false);
  const [isRepeating, setRepeating] = useState(false);
  const serverNow = useServerNow();
  // Untouched, the repeat follows the server's day (the sandbox clock), which may answer after the first render.
  const [editedRepeat, setRepeat] = useState<RepeatValue | null>(null);
  const repeat = editedRepeat ?? defaultRepeat(serverNow.toISOString().slice(0, 10));
  const repeatBody = scheduleBodyOf(repeat);

  const isAmountValid = isInvoiceAmountValid(money);
  const net = netOf(terms);
  const hasRecipient = Boolean(recipient.customer) || (isEmailLike(recipient.email) && recipient.name.trim() !== '');
  const isCcValid = recipient.cc.trim() === '' || isValidCcEmailList(recipient.cc);
  const isMethodChosen = !collect.isCollected || collect.bank || collect.card;
  const canSend =
    hasRecipient &&
    isCcValid &&
    title.trim() !== '' &&
    description.trim() !== '' &&
    isAmountValid &&
    net !== null &&
    isMethodChosen &&
    Boolean(org?.treasury_id) &&
    (!isRepeating || 'body' in repeatBody);

  // Funded payments belong to one campaign: another campaign starts the choice over.
  const changeRecipient = (next: Recipient) => {
    if (next.campaignId !== recipient.campaignId) setFunded([]);
    setRecipient(next);
  };

  const attach = (file: File) => {
    setUploading(true);
    uploadInvoiceAttachment(file)
      .then(setAttachment)
      .catch((error: unknown) => notifyFailure(error))
      .finally(() => setUploading(false));
  };

  const send = () =>
    create.mutate(
      {
        customer_id: recipient.customer?.id ?? null,
        email: recipient.customer ? null : recipient.email.trim(),
        name: recipient.customer ? null : recipient.name.trim(),
        attn: recipient.attn,
        cc_emails: splitCcEmails(recipient.cc),
        payment_group_id: recipient.campaignId || null,
        title,
        description,
        amount: amount!,
        currency: money.currency,
        net: net!,
        processor: collect.isCollected ? 'stripe' : 'offline',
        disallowed_methods: collect.isCollected ? disallowedOf(collect) : [],
        attachment: attachment?.id ?? null,
        funded_payments: funded,
      },
      {
        // A repeating invoice opens on its page, where the schedule shows its next date.
        onSuccess: (invoice) => {
          if (!isRepeating || !('body' in repeatBody)) return void navigate('/invoices');
          createSchedule.mutate(
            { invoiceId: invoice.id, body: repeatBody.body },
            { onSettled: () => void navigate(`/invoices/${invoice.id}`) },
          );
        },
      },
    );

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
        New Invoice
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <RecipientCard
            value={recipient}
            onChange={changeRecipient}
            attachmentName={attachment?.file_name ?? null}
            isUploading={isUploading}
            onAttach={attach}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card variant="outlined" component="section" aria-label="Invoice">
            <CardContent>
              <Stack spacing={2}>
                <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
                  Invoice
                </Typography>
                <TextField
                  label="Title"
                  required
                  value={title}
                  onChange={(event) => setTitle(event.target.value)}
                  onBlur={() => setTouched(true)}
                  error={isTouched && !title.trim()}
                  helperText={isTouched && !title.trim() ? 'This field is required' : ' '}
                />
                <TextField
                  label="Description"
                  required
                  multiline
                  minRows={3}
                  value={description}
                  onChange={(event) => setDescription(event.target.value)}
                />
                <InvoiceAmountFields value={money} onChange={setMoney} />
                <TermsField value={terms} onChange={setTerms} />
                <CollectPaymentFields value={collect} onChange={setCollect} />
              </Stack>
            </CardContent>
          </Card>
        </Grid>
        {recipient.campaignId && (
          <Grid size={12}>
            <FundedPaymentsField campaignId={recipient.campaignId} amount={amount} value={funded} onChange={setFunded} />
          </Grid>
        )}
        <Grid size={12}>
          <Card variant="outlined" component="section" aria-label="Repeat">
            <CardContent>
              <Stack spacing={2}>
                <FormControlLabel
                  control={<Checkbox checked={isRepeating} onChange={(event) => setRepeating(event.target.checked)} />}
                  label="Repeat this invoice"
                />
                {isRepeating && <RepeatFields value={repeat} onChange={setRepeat} />}
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" size="large" disabled={!canSend || create.isPending || createSchedule.isPending} onClick={send}>
          Send Invoice
        </Button>
      </Stack>
    </Stack>
  );
}
