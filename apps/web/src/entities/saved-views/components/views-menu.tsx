import { useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import BookmarksOutlined from '@mui/icons-material/BookmarksOutlined';
import type { SavedViewList } from '@crewpay/core';
import { useSavedViews } from '../api/saved-views.ts';
import { ViewsDialog } from './views-dialog.tsx';

type Props = {
  list: SavedViewList;
  /** The list's filters as its URL has them now (what Save view keeps). */
  query: string;
  /** Shows a saved view: the page puts its query in the URL. */
  onPick: (query: string) => void;
};

/** A list's Views menu: pick one of the person's saved views, save the current filters, delete. */
export function ViewsMenu({ list, query, onPick }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  // Read once the menu is first opened: a list page costs no request for views nobody looks at.
  const [wanted, setWanted] = useState(false);
  const { data: views = [] } = useSavedViews(list, wanted || isDialogOpen);
  const openDialog = () => {
    setAnchor(null);
    setIsDialogOpen(true);
  };
  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<BookmarksOutlined />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => {
          setWanted(true);
          setAnchor(event.currentTarget);
        }}
        sx={{ flexShrink: 0 }}
      >
        Views
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {views.map((view) => (
          <MenuItem
            key={view.id}
            onClick={() => {
              setAnchor(null);
              onPick(view.query);
            }}
          >
            {view.name}
          </MenuItem>
        ))}
        {views.length > 0 && <Divider />}
        <MenuItem onClick={openDialog}>Save view…</MenuItem>
        {views.length > 0 && <MenuItem onClick={openDialog}>Delete a view…</MenuItem>}
      </Menu>
      {isDialogOpen && <ViewsDialog list={list} query={query} views={views} onClose={() => setIsDialogOpen(false)} />}
    </>
  );
}
