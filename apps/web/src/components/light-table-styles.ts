import { alpha, lighten, styled, type Theme } from '@mui/material/styles';

/** The grid's own sizes (MUI X's defaults), so the page does not move when the grid takes over. */
export const ROW_HEIGHT = 52;
export const HEADER_HEIGHT = 56;

/** The grid's lines between rows (MUI X's getBorderColor for a light theme). */
export const gridBorder = (theme: Theme) => `1px solid ${lighten(alpha(theme.palette.divider, 1), 0.88)}`;

/** The header cell and cell class names of the light table (light-table.tsx). */
export const lightTableClasses = {
  header: 'light-table-header',
  cell: 'light-table-cell',
  check: 'light-table-check',
  empty: 'light-table-empty',
  menu: 'light-table-menu',
};

/**
 * The light table's looks, the MUI X grid's sizes and colours, written once for the whole
 * table: its rows and cells are plain elements with a class, where a `sx` on each of 400
 * cells cost a style computation apiece on the page's first render.
 */
export const LightTableRoot = styled('div')(({ theme }) => {
  const border = gridBorder(theme);
  return {
    ...theme.typography.body2,
    overflowX: 'auto',
    // As wide as its container, never wider: the rows' min-width scrolls inside the table instead
    // of widening the page (on a phone), as the grid, which sizes itself to its container.
    width: 0,
    minWidth: '100%',
    '& [role="row"]': { display: 'grid', boxSizing: 'border-box' },
    [`& .${lightTableClasses.header}`]: {
      display: 'flex',
      alignItems: 'center',
      gap: theme.spacing(0.5),
      padding: '0 10px',
      minWidth: 0,
      height: HEADER_HEIGHT,
      '& > span': { fontWeight: theme.typography.fontWeightMedium, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
      // As the grid's: no room taken until the header is hovered, so the title keeps the column's width.
      [`& .${lightTableClasses.menu}`]: { visibility: 'hidden', width: 0, padding: 0, overflow: 'hidden' },
      [`&:hover .${lightTableClasses.menu}`]: { visibility: 'visible', width: 'auto', padding: 5 },
    },
    '& [role="rowgroup"] + [role="rowgroup"] [role="row"]': {
      height: ROW_HEIGHT,
      borderTop: border,
      '&:hover': { backgroundColor: theme.palette.action.hover },
      '&[aria-selected="true"]': { backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity) },
      '&[aria-selected="true"]:hover': {
        backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity + theme.palette.action.hoverOpacity),
      },
    },
    [`& .${lightTableClasses.cell}`]: {
      padding: '0 10px',
      height: '100%',
      lineHeight: `${ROW_HEIGHT - 1}px`,
      overflow: 'hidden',
      whiteSpace: 'nowrap',
      textOverflow: 'ellipsis',
    },
    [`& .${lightTableClasses.check}`]: { display: 'flex', justifyContent: 'center', alignItems: 'center' },
    // The empty list's one row: as specific as the rows' rule above, which it overrides.
    [`& [role="rowgroup"] + [role="rowgroup"] [role="row"].${lightTableClasses.empty}`]: {
      height: 2 * ROW_HEIGHT,
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      '&:hover': { backgroundColor: 'transparent' },
    },
  };
});
