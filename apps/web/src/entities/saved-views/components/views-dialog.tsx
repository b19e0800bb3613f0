import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SavedViewList, SavedViewRecord } from '@crewpay/core';
import { failureMessage, notifyFailure, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteView, useSaveView } from '../api/saved-views.ts';

type Props = { list: SavedViewList; query: string; views: SavedViewRecord[]; onClose: () => void };

/** Names the list's current filters as a view, and deletes the person's older ones. */
export function ViewsDialog({ list, query, views, onClose }: Props) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveView(list);
  const remove = useDeleteView(list);
  const submit = () =>
    save.mutate(
      { name, query },
      {
        onSuccess: () => {
          notifySuccess('View saved');
          onClose();
        },
        onError: (failure) => setError(failureMessage(failure, 'The view could not be saved')),
      },
    );
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="views-dialog-title">
      <DialogTitle id="views-dialog-title">Save view</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            autoFocus
            label="View name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => event.key === 'Enter' && submit()}
            error={error !== null}
            helperText={error ?? 'Saves the current filters and search of this list'}
          />
          {views.length > 0 && (
            <>
              <Typography variant="subtitle2" component="h3">
                Your views
              </Typography>
              <List dense disablePadding>
                {views.map((view) => (
                  <ListItem
                    key={view.id}
                    disableGutters
                    secondaryAction={
                      <Button
                        size="small"
                        color="error"
                        aria-label={`Delete view ${view.name}`}
                        onClick={() => remove.mutate(view.id, { onError: (failure) => notifyFailure(failure) })}
                      >
                        Delete
                      </Button>
                    }
                  >
                    <ListItemText primary={view.name} />
                  </ListItem>
                ))}
              </List>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button onClick={submit} variant="contained" loading={save.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
