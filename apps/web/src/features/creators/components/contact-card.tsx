import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { displayUsPhone, type CreatorRecord } from '@crewpay/core';
import { Field, SectionCard } from './section-card.tsx';

export function ContactCard({ creator }: { creator: CreatorRecord }) {
  const address = [
    creator.address_line_1,
    creator.address_line_2,
    [creator.address_city, creator.address_state, creator.address_zip].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <SectionCard title="Contact">
      <Stack spacing={1.5}>
        <Field label="Email">
          <Link href={`mailto:${creator.email}`}>{creator.email}</Link>
        </Field>
        <Field label="Phone">{creator.phone_number ? displayUsPhone(creator.phone_number) : ''}</Field>
        <Field label="Address">{address}</Field>
      </Stack>
    </SectionCard>
  );
}
