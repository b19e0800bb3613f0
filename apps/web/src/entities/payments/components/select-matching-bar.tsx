import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

type Props = { pageCount: number; total: number; isMatching: boolean; onSelectMatching: () => void; onClear: () => void };

const number = (value: number) => value.toLocaleString('en-US');

/** Offered once a whole page is selected: select every payment the list's filter matches, beyond the page. */
export function SelectMatchingBar({ pageCount, total, isMatching, onSelectMatching, onClear }: Props) {
  return (
    <Alert
      severity="info"
      icon={false}
      action={
        isMatching ? (
          <Button color="inherit" size="small" onClick={onClear}>
            Clear selection
          </Button>
        ) : (
          <Button color="inherit" size="small" onClick={onSelectMatching}>
            {`Select all ${number(total)} matching`}
          </Button>
        )
      }
    >
      {isMatching ? `All ${number(total)} matching payments are selected.` : `All ${number(pageCount)} payments on this page are selected.`}
    </Alert>
  );
}
