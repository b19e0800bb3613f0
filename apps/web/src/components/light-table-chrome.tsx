import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FilterList from '@mui/icons-material/FilterList';
import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import Search from '@mui/icons-material/Search';
import ViewColumn from '@mui/icons-material/ViewColumn';
import type { GridRequest } from './data-table-types.ts';
import { ROW_HEIGHT, gridBorder } from './light-table-styles.ts';

type ToolbarProps = {
  /** The table has an export menu (Print and Download as CSV) unless the page exports on the server. */
  hasExport: boolean;
  onWantGrid: (request: GridRequest) => void;
};

/**
 * The grid's toolbar as it looks (Columns, Filters | Export | Search), each button named as the
 * grid names it. A click hands over to the grid, which opens what was clicked (data-table.tsx).
 */
export function LightToolbar({ hasExport, onWantGrid }: ToolbarProps) {
  const button = (label: string, icon: React.ReactNode) => (
    <Tooltip title={label}>
      <IconButton size="small" sx={{ width: 36, height: 36 }} onClick={() => onWantGrid({ kind: 'toolbar', label })}>
        {icon}
      </IconButton>
    </Tooltip>
  );
  const separator = <Divider orientation="vertical" flexItem variant="middle" sx={{ mx: 0.5 }} />;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 0.25, minHeight: ROW_HEIGHT, p: 0.75 }}>
      {button('Columns', <ViewColumn fontSize="small" />)}
      {button('Filters', <FilterList fontSize="small" />)}
      {hasExport && separator}
      {hasExport && button('Export', <FileDownloadOutlined fontSize="small" />)}
      {separator}
      {button('Search', <Search fontSize="small" />)}
    </Box>
  );
}

type FooterProps = {
  selectedCount: number;
  page: number;
  pageSize: number;
  /** Rows on this page. */
  shown: number;
  /** All rows, or -1 when the server does not say (then `hasNextPage` does). */
  count: number;
  hasNextPage: boolean;
  onPageChange: (page: number) => void;
};

/** The grid's footer: how many rows are selected, which rows are shown of how many, and the page arrows. */
export function LightFooter({ selectedCount, page, pageSize, shown, count, hasNextPage, onPageChange }: FooterProps) {
  const from = shown === 0 ? 0 : page * pageSize + 1;
  const to = page * pageSize + shown;
  const isLast = count === -1 ? !hasNextPage : to >= count;
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        minHeight: ROW_HEIGHT,
        borderTop: gridBorder,
        pl: 2,
        pr: '2px',
      }}
    >
      <Typography variant="body2">
        {selectedCount > 0 && `${selectedCount.toLocaleString()} ${selectedCount === 1 ? 'row' : 'rows'} selected`}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2.5 }}>
        <Typography variant="body2">{`${from}–${to} of ${count === -1 ? `more than ${to}` : count}`}</Typography>
        <Box>
          <IconButton
            aria-label="Go to previous page"
            title="Go to previous page"
            disabled={page === 0}
            onClick={() => onPageChange(page - 1)}
          >
            <KeyboardArrowLeft />
          </IconButton>
          <IconButton aria-label="Go to next page" title="Go to next page" disabled={isLast} onClick={() => onPageChange(page + 1)}>
            <KeyboardArrowRight />
          </IconButton>
        </Box>
      </Box>
    </Box>
  );
}
