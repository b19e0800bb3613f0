import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchOutlined from '@mui/icons-material/SearchOutlined';

type Props = { value: string; onChange: (value: string) => void; placeholder: string; ariaLabel: string };

/** The search box above a server-searched table. */
export function SearchField({ value, onChange, placeholder, ariaLabel }: Props) {
  return (
    <TextField
      size="small"
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        htmlInput: { 'aria-label': ariaLabel },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ flexGrow: 1, maxWidth: { md: 420 } }}
    />
  );
}
