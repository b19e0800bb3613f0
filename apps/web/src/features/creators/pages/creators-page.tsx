import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { GridRowId } from '@mui/x-data-grid';
import { FREE_PLAN_CREATOR_LIMIT, creatorMessages } from '@crewpay/core';
import { DataTable } from '../../../components/data-table.tsx';
import { ListFilterBar } from '../../../components/list-filter-bar.tsx';
import { NoticeDialog, addFundsNotice, upgradeNotice, type Notice } from '../../../components/notice-dialog.tsx';
import { useCurrentOrg } from '../../../lib/session/current-org.ts';
import { downloadCreatorsReport, useCreators } from '../../../entities/creators/index.ts';
import { ViewsMenu } from '../../../entities/saved-views/index.ts';
import { idFilter, useListFilters } from '../../../lib/list-filters.ts';
import { notifyFailure } from '../../../lib/notify.ts';
import { useKeysetPaging } from '../../../lib/use-keyset-paging.ts';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { creatorColumns, creatorPhoneLayout } from '../components/creator-columns.tsx';
import { usePayeeCountries } from '../api/abroad.ts';
import { InvitationsBar, useSendInvitations } from '../components/invitations-bar.tsx';
import { TagFilter } from '../components/tag-filter.tsx';

const NewCreatorDialog = lazyDialog(
  () => import('../components/new-creator-dialog.tsx').then((module) => module.NewCreatorDialog),
  (props) => props.isOpen,
);
const BulkAddDialog = lazyDialog(
  () => import('../components/bulk-add-dialog.tsx').then((module) => module.BulkAddDialog),
  (props) => props.isOpen,
);

const FILTER_KEYS = ['search', 'created_from', 'created_to'] as const;
const OWN_FILTERS = { tag_id: idFilter };

/**
 * /creators: the organisation's creators, paged on the server, searched (email or name) and
 * filtered by days created and a tag, all in the URL so a reload, a shared link or a saved view shows the
 * same list; Export CSV downloads every creator they match.
 */
export default function CreatorsPage() {
  const navigate = useNavigate();
  const { data: org } = useCurrentOrg();
  const { filters, setFilters, showQuery, params } = useListFilters(FILTER_KEYS, OWN_FILTERS);
  const { search = '', created_from, created_to, tag_id } = filters;
  const isFiltered = Object.keys(filters).length > 0;
  const paging = useKeysetPaging(JSON.stringify(filters));
  const { page, cursor, record } = paging;
  const { data, isFetching } = useCreators({ page, cursor, search, days: { created_from, created_to, tag_id } });
  useEffect(() => record(page, data), [record, page, data]);
  const abroadIds = (data?.data ?? []).filter((row) => row.selected_payment_method === 'nium').map((row) => row.id);
  const { data: countries } = usePayeeCountries(abroadIds);
  const columns = useMemo(() => creatorColumns(countries), [countries]);
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
    // The total without a filter is the organisation's count; with one, the server still has the last word.
    const isAtLimit = isFree && !isFiltered && (paging.total ?? 0) >= FREE_PLAN_CREATOR_LIMIT;
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
      <ListFilterBar
        filters={filters}
        onChange={setFilters}
        dates
        collapseOnPhone
        search={{ placeholder: 'Search by email or name', ariaLabel: 'Search creators' }}
        fields={<TagFilter tagId={tag_id} onChange={(tagId) => setFilters({ ...filters, tag_id: tagId })} />}
      >
        <ViewsMenu list="creators" query={params.toString()} onPick={showQuery} />
      </ListFilterBar>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
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
          <Button variant="text" onClick={() => void downloadCreatorsReport(filters).catch((error: unknown) => notifyFailure(error))}>
            Export CSV
          </Button>
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
        columns={columns}
        phone={creatorPhoneLayout}
        isLoading={isFetching && !data}
        serverPaging={{ page, onPageChange: paging.onPageChange, rowCount: paging.total ?? 0 }}
        selectedIds={selectedIds}
        onSelectionChange={setSelectedIds}
        isRowSelectable={(row) => row.is_active}
        emptyLabel={isFiltered ? 'No creators match these filters' : "You don't have any creators yet"}
      />
      <NewCreatorDialog
        isOpen={dialog === 'new'}
        onClose={() => {
          setDialog(null);
          // Only ?new= is dropped: the list's filters stay in the URL.
          if (searchParams.has('new'))
            setSearchParams(
              (current) => {
                const kept = new URLSearchParams(current);
                kept.delete('new');
                return kept;
              },
              { replace: true },
            );
        }}
      />
      <BulkAddDialog isOpen={dialog === 'bulk'} onClose={() => setDialog(null)} />
      <NoticeDialog notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
}
