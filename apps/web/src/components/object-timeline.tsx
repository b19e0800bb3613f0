import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { formatCents, timelineActorText, type TimelineEvent, type TimelineKind, type TimelinePage } from '@crewpay/core';
import { api } from '../lib/api-client.ts';
import { formatDateTime } from '../lib/format.ts';
import { DetailCard } from './detail-card.tsx';

const PATHS: Record<TimelineKind, string> = { payment: 'payments', invoice: 'invoices', contract: 'contracts', creator: 'creators' };

/** One step: what happened and who did it (or that nobody recorded who), when, the money and the reason given. */
function TimelineItem({ event }: { event: TimelineEvent }) {
  return (
    <Box
      component="li"
      sx={{ position: 'relative', pl: 2.5, pb: 1.5, '&:last-of-type': { pb: 0 }, '&:last-of-type .timeline-line': { display: 'none' } }}
    >
      {/* The dot and the line joining the steps: drawing only, the list says the order. */}
      <Box
        aria-hidden
        sx={{ position: 'absolute', left: 0, top: 6, width: 10, height: 10, borderRadius: '50%', bgcolor: 'primary.main' }}
      />
      <Box aria-hidden className="timeline-line" sx={{ position: 'absolute', left: 4, top: 18, bottom: 0, width: 2, bgcolor: 'divider' }} />
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', columnGap: 2, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {`${event.label} ${timelineActorText(event.actor)}`}
          {event.amount !== null ? ` · ${formatCents(event.amount)}` : ''}
        </Typography>
        <Typography variant="body2" color="text.secondary" component="time" dateTime={event.at} sx={{ flexShrink: 0 }}>
          {formatDateTime(event.at)}
        </Typography>
      </Stack>
      {event.reason && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {`“${event.reason}”`}
        </Typography>
      )}
    </Box>
  );
}

/**
 * An object's timeline (payment, invoice, contract, creator): who created, edited, executed,
 * approved, rejected, released or canceled it, when and why, oldest first; "Show more" reads
 * the next page.
 */
export function ObjectTimeline({ kind, id }: { kind: TimelineKind; id: string }) {
  const query = useInfiniteQuery({
    queryKey: [PATHS[kind], id, 'timeline'],
    queryFn: ({ pageParam }) =>
      api.get<TimelinePage>(`/v1/${PATHS[kind]}/${id}/timeline${pageParam ? `?starting_after=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
  const events = query.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <DetailCard title="Timeline">
      {query.isPending ? (
        <Typography variant="body2" color="text.secondary">
          Loading…
        </Typography>
      ) : query.isError ? (
        <Typography variant="body2" color="error">
          The timeline could not be loaded.
        </Typography>
      ) : (
        <Box component="ol" aria-label="Timeline" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {events.map((event) => (
            <TimelineItem key={event.key} event={event} />
          ))}
        </Box>
      )}
      {query.hasNextPage && (
        <Button size="small" sx={{ alignSelf: 'flex-start' }} loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          Show more
        </Button>
      )}
    </DetailCard>
  );
}
