import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import type { GridRowId } from '@mui/x-data-grid';
import { FREE_PLAN_CREATOR_LIMIT, creatorMessages } from '@crewpay/core';
import { DataTable } from '../../../components/data-table.tsx';
import { NoticeDialog, addFundsNotice, upgradeNotice, type Notice } from '../../../components/notice-dialog.tsx';
import { useCurrentOrg } from '../../../lib/session/current-org.ts';
import { useCreators } from '../../../entities/creators/index.ts';
import { useKeysetPaging } from '../../../lib/use-keyset-paging.ts';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { creatorColumns } from '../components/creator-columns.tsx';
import { InvitationsBar, useSendInvitations } from '../components/invitations-bar.tsx';

const NewCreatorDialog = lazyDialog(
  () => import('../components/new-creator-dialog.tsx').then((module) => module.NewCreatorDialog),
  (props) => props.isOpen,
);
const BulkAddDialog = lazyDialog(
  () => import('../components/bulk-add-dialog.tsx').then((module) => module.BulkAddDialog),
  (props) => props.isOpen,
);

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** /creators: the organisation's creators, paged and searched on the server. */
export default function CreatorsPage() {
  const navigate = useNavigate();
  const { data: org } = useCurrentOrg();
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), 300);
  const paging = useKeysetPaging(search);
  const { page, cursor, record } = paging;
  const { data, isFetching } = useCreators({ page, cursor, search });
  useEffect(() => record(page, data), [record, page, data]);
  const [selectedIds, setSelectedIds] = useState<GridRowId[]>([]);
  // The command palette's New Creator opens this list with its dialog (?new=creator).
  const [searchParams, setSearchParams] = useSearchParams();
  const [dialog, setDialog] = useState<'new' | 'bulk' | null>(null);
  const isNewAsked = searchParams.get('new') === 'creator';
  useEffect(() => {
    if (isNewAsked) setDialog('new');
  }, [isNewAsked]);
  const [notice, setNotice] = useState<Notice | null>(null);
  const invitations = useSendInvitations();

  const isFree = org?.billing_plan === 'free';
  const openNewCreator = () => {
    // The total without a search is the organisation's count; with one, the server still has the last word.
    const isAtLimit = isFree && !search && (paging.total ?? 0) >= FREE_PLAN_CREATOR_LIMIT;
    if (isAtLimit) setNotice(upgradeNotice(creatorMessages.freePlanLimit));
    else setDialog('new');
  };
  const openBulkAdd = () => {
    // The free plan may read its file's preview: the upgrade is offered there, over the import.
    if (org?.billing_status === 'delinquent') setNotice(addFundsNotice(creatorMessages.delinquent));
    else setDialog('bulk');
  };
  const newCampaign = () => {
    const query = new URLSearchParams(selectedIds.map((id) => ['creator_id', String(id)]));
    void navigate(`/campaigns/new${selectedIds.length ? `?${query.toString()}` : ''}`);
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <TextField
          size="small"
          placeholder="Search by email or name"
          value={searchText}
          onChange={(event) => {
            setSearchText(event.target.value);
          }}
          slotProps={{
            htmlInput: { 'aria-label': 'Search creators' },
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
        <Stack direction="row" spacing={1.5} sx={{ ml: { md: 'auto' }, flexWrap: 'wrap', rowGap: 1.5 }}>
          {selectedIds.length > 0 && (
            <Button
              variant="outlined"
              loading={invitations.isPending}
              onClick={() => invitations.send({ ids: selectedIds.map(String) }, () => setSelectedIds([]))}
            >
              Invite selected
            </Button>
          )}
          <Button variant="outlined" onClick={newCampaign}>
            New Campaign
          </Button>
          <Button variant="outlined" onClick={openBulkAdd}>
            Bulk add Creators
          </Button>
          <Button variant="contained" onClick={openNewCreator}>
            New Creator
          </Button>
        </Stack>
      </Stack>
      <InvitationsBar />
      <DataTable
        ariaLabel="Creators"
        rows={data?.data ?? []}
        columns={creatorColumns}
        isLoading={isFetching && !data}
        serverPaging={{ page, onPageChange: paging.onPageChange, rowCount: paging.total ?? 0 }}
        selectedIds={selectedIds}
        onSelectionChange={setSelectedIds}
        isRowSelectable={(row) => row.is_active}
        emptyLabel={search ? 'No creators match this search' : "You don't have any creators yet"}
      />
      <NewCreatorDialog
        isOpen={dialog === 'new'}
        onClose={() => {
          setDialog(null);
          if (searchParams.has('new')) setSearchParams({}, { replace: true });
        }}
      />
      <BulkAddDialog isOpen={dialog === 'bulk'} onClose={() => setDialog(null)} />
      <NoticeDialog notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
}
