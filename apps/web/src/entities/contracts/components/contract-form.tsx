import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { contractMessages, type ContractRecord, type SignatureField } from '@crewpay/core';
import { useCampaignOptions, useContractTemplates, useCreateContract } from '../api/contracts.ts';
import { BlockEditor } from './block-editor.tsx';
import { PdfDropzone, type ChosenPdf } from './pdf-dropzone.tsx';
import { PdfViewer } from './pdf-viewer.tsx';
import { RecipientPicker, type RecipientOption } from './recipient-picker.tsx';

const today = () => new Date().toLocaleDateString('en-CA');
const aYearFromToday = () => {
  const date = new Date();
  date.setFullYear(date.getFullYear() + 1);
  return date.toLocaleDateString('en-CA');
};

type Props = {
  campaign?: { id: string; title: string };
  /** Campaign contracts go to the campaign's customer. */
  campaignCustomer?: RecipientOption;
  onCreated: (contract: ContractRecord) => void;
  onSkip?: () => void;
};

/** Contract details, the document (e-signature with blocks, or an already-signed file) and Create Contract. */
export function ContractForm({ campaign: fixedCampaign, campaignCustomer, onCreated, onSkip }: Props) {
  const [mode, setMode] = useState<'signature_request' | 'plain_file'>('signature_request');
  const [title, setTitle] = useState('');
  const [recipientType, setRecipientType] = useState<'creator' | 'customer'>(campaignCustomer ? 'customer' : 'creator');
  const [recipient, setRecipient] = useState<RecipientOption | null>(campaignCustomer ?? null);
  const [campaign, setCampaign] = useState(fixedCampaign?.id ?? '');
  // A year from today: a contract is not meant to lapse the day it is sent (issue 44, item 10).
  const [expiration, setExpiration] = useState(aYearFromToday);
  const [templateId, setTemplateId] = useState('');
  const [pdf, setPdf] = useState<ChosenPdf | null>(null);
  const [fields, setFields] = useState<SignatureField[]>([]);
  const campaigns = useCampaignOptions();
  const templates = useContractTemplates();
  const create = useCreateContract();
  const isTemplate = mode === 'signature_request' && templateId !== '';
  // An e-signature contract from a file needs a block to sign in (the server refuses it otherwise).
  const needsBlock = mode === 'signature_request' && !isTemplate && pdf !== null && fields.length === 0;
  // Spec section 5: a title, a recipient, and a file or a template (a file in plain mode).
  const canCreate = title.trim() !== '' && recipient !== null && (isTemplate || pdf !== null) && !needsBlock && !create.isPending;

  const submit = () => {
    if (!recipient) return;
    create.mutate(
      {
        title: title.trim(),
        type: mode,
        recipient: recipient.id,
        recipient_type: recipientType,
        payment_group_id: campaign || undefined,
        expiration_date: expiration,
        template_id: isTemplate ? templateId : undefined,
        formFields: isTemplate ? [] : fields,
        file: isTemplate ? undefined : pdf?.file,
      },
      { onSuccess: onCreated },
    );
  };

  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={mode}
        onChange={(_event, value: typeof mode | null) => value && setMode(value)}
        aria-label="Contract kind"
      >
        <ToggleButton value="signature_request">E-signature contract</ToggleButton>
        <ToggleButton value="plain_file">Upload an already signed contract</ToggleButton>
      </ToggleButtonGroup>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Contract details
          </Typography>
          <Stack spacing={2} sx={{ maxWidth: 560 }}>
            <TextField
              label="Title"
              required
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <TextField
              select
              label="Recipient Type"
              value={recipientType}
              disabled={campaignCustomer !== undefined}
              onChange={(event) => {
                setRecipientType(event.target.value as 'creator' | 'customer');
                setRecipient(null);
              }}
            >
              <MenuItem value="creator">Creator</MenuItem>
              <MenuItem value="customer">Customer</MenuItem>
            </TextField>
            <RecipientPicker key={recipientType} type={recipientType} value={recipient} onChange={setRecipient} />
            <TextField
              select
              label="Campaign"
              value={campaign}
              disabled={fixedCampaign !== undefined}
              onChange={(event) => setCampaign(event.target.value)}
            >
              <MenuItem value="">None</MenuItem>
              {[
                ...(fixedCampaign ? [fixedCampaign] : []),
                ...(campaigns.data?.data ?? []).filter((item) => item.id !== fixedCampaign?.id),
              ].map((item) => (
                <MenuItem key={item.id} value={item.id}>
                  {item.title}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Expiration date"
              type="date"
              value={expiration}
              onChange={(event) => setExpiration(event.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today() } }}
            />
            {mode === 'signature_request' && (templates.data?.data.length ?? 0) > 0 && (
              <TextField select label="Template" value={templateId} onChange={(event) => setTemplateId(event.target.value)}>
                <MenuItem value="">No template</MenuItem>
                {templates.data?.data.map((template) => (
                  <MenuItem key={template.id} value={template.id}>
                    {template.title}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Stack>
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Add a document
          </Typography>
          {isTemplate ? (
            <Typography>Document specified by template.</Typography>
          ) : (
            <Stack spacing={2}>
              <PdfDropzone
                value={pdf}
                onChange={(chosen) => {
                  setPdf(chosen);
                  setFields([]);
                }}
              />
              {pdf && mode === 'signature_request' && <BlockEditor bytes={pdf.bytes} fields={fields} onChange={setFields} />}
              {pdf && mode === 'plain_file' && <PdfViewer bytes={pdf.bytes} />}
            </Stack>
          )}
        </CardContent>
      </Card>
      <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        {needsBlock && (
          <Typography id="contract-needs-block" variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
            {contractMessages.missingBlocks}
          </Typography>
        )}
        {onSkip && <Button onClick={onSkip}>Skip</Button>}
        <Button
          variant="contained"
          disabled={!canCreate}
          aria-describedby={needsBlock ? 'contract-needs-block' : undefined}
          onClick={submit}
        >
          Create Contract
        </Button>
      </Stack>
    </Stack>
  );
}
