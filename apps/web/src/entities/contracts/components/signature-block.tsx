import type { CSSProperties, PointerEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';

type Props = { label: string; style: CSSProperties; onPointerDown?: (event: PointerEvent<HTMLElement>) => void; onRemove?: () => void };

/** An 80x16-point signature block (drawn at the page's scale): grab to move, the x removes it. */
export function SignatureBlock({ label, style, onPointerDown, onRemove }: Props) {
  return (
    <Box
      role="button"
      aria-label={label}
      data-testid={onRemove ? 'placed-signature-block' : undefined}
      onPointerDown={onPointerDown}
      style={style}
      sx={{
        border: '1px solid',
        borderColor: 'primary.main',
        bgcolor: 'rgba(25, 118, 210, 0.15)',
        color: 'primary.dark',
        fontSize: 9,
        lineHeight: 1,
        display: 'flex',
        alignItems: 'center',
        pl: 0.5,
        cursor: 'grab',
        touchAction: 'none',
        userSelect: 'none',
        boxSizing: 'border-box',
      }}
    >
      Signature
      {onRemove && (
        <IconButton
          aria-label={`Remove ${label}`}
          size="small"
          onPointerDown={(event) => event.stopPropagation()}
          onClick={onRemove}
          sx={{
            position: 'absolute',
            right: -10,
            top: -10,
            p: 0,
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
            '&:hover': { bgcolor: 'background.paper' },
          }}
        >
          <CloseIcon sx={{ fontSize: 12 }} />
        </IconButton>
      )}
    </Box>
  );
}
