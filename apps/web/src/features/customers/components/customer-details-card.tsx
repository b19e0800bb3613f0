import { updateCustomerBody, type CustomerRecord, type UpdateCustomerInput } from '@crewpay/core';
import { DetailRow, EditableCard } from '../../../components/editable-card.tsx';
import { FormTextField } from '../../../components/form/form-fields.tsx';
import { useEditableCardForm } from '../../../components/form/use-editable-card-form.ts';
import { useUpdateCustomer } from '../../../entities/customers/index.ts';

const valuesOf = (customer: CustomerRecord): UpdateCustomerInput => ({
  name: customer.name,
  attn: customer.attn ?? '',
  email: customer.email ?? '',
  phone_number: customer.phone_number ?? '',
  cc_emails: customer.cc_emails.join(', '),
});

/** Details (spec section 5): name required; email, if present, valid; each CC email valid or the field empty. */
export function CustomerDetailsCard({ customer }: { customer: CustomerRecord }) {
  const update = useUpdateCustomer(customer.id);
  const { control, card } = useEditableCardForm(updateCustomerBody, {
    values: valuesOf(customer),
    save: (body) => update.mutateAsync(body),
  });

  return (
    <EditableCard
      title="Details"
      {...card}
      isSaving={update.isPending}
      view={
        <>
          <DetailRow label="Name" value={customer.name} />
          <DetailRow label="Attn" value={customer.attn} />
          <DetailRow label="Email" value={customer.email} />
          <DetailRow label="Phone number" value={customer.phone_number} />
          <DetailRow label="CC emails" value={customer.cc_emails.join(', ')} />
        </>
      }
      fields={
        <>
          <FormTextField control={control} name="name" label="Name" required fullWidth size="small" />
          <FormTextField control={control} name="attn" label="Attn" fullWidth size="small" />
          <FormTextField control={control} name="email" label="Email" type="email" fullWidth size="small" />
          <FormTextField control={control} name="phone_number" label="Phone number" fullWidth size="small" />
          <FormTextField
            control={control}
            name="cc_emails"
            label="CC emails"
            helperText="Separate emails with commas"
            fullWidth
            size="small"
          />
        </>
      }
    />
  );
}
