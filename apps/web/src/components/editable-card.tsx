import type { FormEvent, ReactNode } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

type Props = {
  title: string;
  isEditing: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  canSave: boolean;
  isSaving: boolean;
  /** Read-only view; the form fields replace it while editing. */
  view: ReactNode;
  fields: ReactNode;
};

/** A details card that turns into its form on Edit: Save or Cancel go back to the read-only view. */
export function EditableCard({ title, isEditing, onEdit, onCancel, onSubmit, canSave, isSaving, view, fields }: Props) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <form noValidate onSubmit={onSubmit}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
            <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
            {isEditing ? (
              <Stack direction="row" spacing={1}>
                <Button color="inherit" onClick={onCancel} disabled={isSaving}>
                  Cancel
                </Button>
                <Button type="submit" variant="contained" size="small" disabled={!canSave} loading={isSaving}>
                  Save
                </Button>
              </Stack>
            ) : (
              <Button size="small" onClick={onEdit} aria-label={`Edit ${title.toLowerCase()}`}>
                Edit
              </Button>
            )}
          </Stack>
          {isEditing ? <Stack spacing={2}>{fields}</Stack> : view}
        </form>
      </CardContent>
    </Card>
  );
}

// One look for every card's label/value rows: the detail card's row (it wraps long values).
export { DetailRow } from './detail-card.tsx';
