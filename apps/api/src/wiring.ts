import type { AppDeps } from './deps.ts';
import { buildKernel, kernelProblems, registerJobWorkers, type ModuleDescriptor } from './events/kernel.ts';
import { PROVIDER_EVENT_TYPES } from './providers/index.ts';
import { accountingModule } from './modules/accounting/index.ts';
import { activationModule } from './modules/activation/index.ts';
import { analyticsModule } from './modules/analytics/index.ts';
import { authModule } from './modules/auth/index.ts';
import { billingModule } from './modules/billing/index.ts';
import { contractsModule } from './modules/contracts/index.ts';
import { emailModule, type MailTransport } from './modules/email/index.ts';
import { invoicesModule } from './modules/invoices/index.ts';
import { notificationsModule } from './modules/notifications/index.ts';
import { paymentsModule } from './modules/payments/index.ts';
import { payeesModule } from './modules/payees/index.ts';
import { paymentReleasesModule } from './modules/payment-releases/index.ts';
import { paymentSchedulesModule } from './modules/payment-schedules/index.ts';
import { niumModule } from './modules/nium/index.ts';
import { paypalModule } from './modules/paypal/index.ts';
import { platformFeesModule } from './modules/platform-fees/index.ts';
import { providerCallsModule } from './modules/provider-calls/index.ts';
import { providerSyncModule } from './modules/provider-sync/index.ts';
import { smsModule } from './modules/sms/index.ts';
import { taxesModule } from './modules/taxes/index.ts';
import { treasuryModule } from './modules/treasury/index.ts';
import { webhooksModule } from './modules/webhooks/index.ts';

/**
 * The composition root: the modules' descriptors, in the order their handlers run, make the
 * process's kernel (events/kernel.ts), which deps carries to every route, job and handler. The
 * API, the worker, the tests and the bench start through wireCrewpay, which refuses to go on when
 * the descriptors leave anything out; the scripts that only read the books take the kernel alone.
 */

type Transports = { email: MailTransport };

/**
 * Every module that brings something to the process. The order is the order of reactions: money
 * arrived pays Crewpay's owed fees first, then billing's (what is owed), then the payment releases'; a domain event reaches
 * the payment releases and payees, then notifications, then outgoing webhooks last; moving the clock runs scheduled
 * payouts, then recurring invoices, then their reminders.
 */
export function crewpayModules(transports: Transports): ModuleDescriptor[] {
  return [
    emailModule(transports.email),
    // Money landing pays Crewpay's fees first (refused while the financial account was short).
    platformFeesModule,
    authModule,
    analyticsModule,
    activationModule,
    billingModule,
    paymentSchedulesModule,
    paymentsModule,
    paymentReleasesModule,
    payeesModule,
    niumModule,
    invoicesModule,
    treasuryModule,
    paypalModule,
    contractsModule,
    smsModule,
    accountingModule,
    taxesModule,
    providerCallsModule,
    providerSyncModule,
    notificationsModule,
    webhooksModule,
  ];
}

/** The kernel of one process; a script that only reads the books (reconcile) needs no transport and is given the outbox's. */
export const crewpayKernel = (transports: Transports): AppDeps['kernel'] => buildKernel(crewpayModules(transports));

/** What a process built from these descriptors would miss: every provider event type the providers send must have a handler. */
export const wiringProblems = (kernel: AppDeps['kernel']): string[] => kernelProblems(kernel, { providerEventTypes: PROVIDER_EVENT_TYPES });

/** Checks the process's kernel, or throws naming what is missing (a process half wired would lose work quietly), then starts its job workers. */
export async function wireCrewpay(deps: AppDeps): Promise<void> {
  const problems = wiringProblems(deps.kernel);
  if (problems.length > 0)
    throw new Error(`Crewpay is not wired completely (the modules' descriptors, src/wiring.ts):\n  ${problems.join('\n  ')}`);
  await registerJobWorkers(deps);
}
