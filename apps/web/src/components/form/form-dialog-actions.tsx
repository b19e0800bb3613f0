import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';

type Props = {
  onCancel: () => void;
  submitLabel: string;
  canSubmit: boolean;
  /** Omitted where submitting sends nothing yet (a review step follows). */
  isPending?: boolean;
};

/** The footer of every form dialog: Cancel, and a submit button enabled only when the form is valid. */
export function FormDialogActions({ onCancel, submitLabel, canSubmit, isPending }: Props) {
  return (
    <DialogActions sx={{ px: 3, pb: 2.5 }}>
      <Button color="inherit" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" variant="contained" disabled={!canSubmit} loading={isPending}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
