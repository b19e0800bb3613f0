import type { AppDeps } from '../deps.ts';
import type { ProviderCall } from '../db/schema/index.ts';
import type { ProviderCallError, WebhookVerifier } from '../providers/contract.ts';
import { createPoolMetrics, type PoolMetrics } from '../lib/metrics.ts';
import { createProviderClients } from '../providers/process-clients.ts';
import type {
  ClockWork,
  DomainEventSubscriber,
  HandlerUnit,
  FundsArrivedHandler,
  ProviderEventHandler,
  ReconcileCheck,
} from './dispatcher.ts';

/** What a call knows of itself: the key the provider deduplicates on. */
export type ProviderCallContext = { call_id: string; org_id: string; idempotency_key: string; subject_id: string | null; attempt: number };

/**
 * What recording an outcome leaves to do once its transaction has committed: emails it queued go
 * out at once, provider events it stored (a read of the provider's state) are applied through
 * their handlers, as a webhook's are.
 */
export type OutcomeEffects = { emailIds: string[]; eventIds: string[] };

/**
 * One kind of outside call, under one provider name. `call` runs with no transaction open;
 * `onSucceeded` and `onFailed` record the outcome in a short unit of work (the call row is
 * locked, still pending; what they publish or leave for after the commit goes with it).
 */
export type ProviderOperation<Request = never, Response = unknown> = {
  provider: string;
  operation: string;
  call(deps: AppDeps, request: Request, ctx: ProviderCallContext): Promise<Response>;
  onSucceeded?(unit: HandlerUnit, call: ProviderCall, response: Response, effects: OutcomeEffects): Promise<void>;
  /**
   * Instead of onSucceeded, when given: the answers of several calls of this operation recorded in
   * one go (the runner records a run's outcomes together), each call row locked, still pending.
   */
  onSucceededTogether?(unit: HandlerUnit, succeeded: { call: ProviderCall; response: Response }[], effects: OutcomeEffects): Promise<void>;
  onFailed?(unit: HandlerUnit, call: ProviderCall, error: ProviderCallError, effects: OutcomeEffects): Promise<void>;
  /**
   * After the tries ran out on a breakdown (5xx, timeout): the provider may have done the work and
   * lost its answer, or keep replaying a saved 500 under the key. Looks the object up by our ids
   * (its metadata) and answers it as `call` would have, or null when the provider has none.
   */
  lookUp?(deps: AppDeps, request: Request, ctx: ProviderCallContext): Promise<Response | null>;
};

/** An operation as a module declares it, whatever its request and answer. */
export type AnyProviderOperation = ProviderOperation<never, unknown>;

/** The same operation under each provider name a call of it can be recorded with (the sandbox's, the real rails'). */
export function underProviders<Request, Response>(
  providers: readonly string[],
  operation: Omit<ProviderOperation<Request, Response>, 'provider'>,
): AnyProviderOperation[] {
  return providers.map((provider) => ({ ...operation, provider }) as unknown as AnyProviderOperation);
}

/** A queue's worker: `run` takes each job's data; `cron` sends the job on that schedule (once per tick across instances). */
export type JobWorker = {
  queue: string;
  cron?: string;
  // The data is whatever the queue's senders put on it; each worker names its own shape.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  run: (deps: AppDeps, data: any) => Promise<unknown>;
};

/**
 * What one module brings to the process, exported by its index.ts (`export const paymentsModule:
 * ModuleDescriptor = { ... }`); src/wiring.ts builds the kernel from all of them.
 * - `operations`: the provider calls it records, each under its provider name(s);
 * - `webhookVerifiers`: the providers whose webhooks it reads;
 * - `providerEvents`: the provider event types it applies;
 * - `domainEvents`: its subscribers to the domain events other modules publish;
 * - `fundsArrived`: what it does once money arrived in a wallet;
 * - `queues`: the job queues it puts work on; `jobs`: the workers it runs (each declared queue
 *   must have one somewhere, checked at start);
 * - `clockWork`: what moving the sandbox clock runs at once; `reconcileChecks`: its part of `npm run reconcile`.
 */
export type ModuleDescriptor = {
  name: string;
  operations?: readonly AnyProviderOperation[];
  webhookVerifiers?: readonly WebhookVerifier[];
  providerEvents?: readonly ProviderEventHandler[];
  domainEvents?: readonly DomainEventSubscriber[];
  fundsArrived?: readonly FundsArrivedHandler[];
  queues?: readonly string[];
  jobs?: readonly JobWorker[];
  clockWork?: readonly ClockWork[];
  reconcileChecks?: readonly ReconcileCheck[];
};

declare module '../deps.ts' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface Kernel {
    readonly modules: readonly ModuleDescriptor[];
    readonly operations: ReadonlyMap<string, AnyProviderOperation>;
    readonly webhookVerifiers: ReadonlyMap<string, WebhookVerifier>;
    readonly providerEvents: readonly ProviderEventHandler[];
    readonly domainEvents: readonly DomainEventSubscriber[];
    readonly fundsArrived: readonly FundsArrivedHandler[];
    readonly jobs: readonly JobWorker[];
    readonly clockWork: readonly ClockWork[];
    readonly reconcileChecks: readonly ReconcileCheck[];
    /** The database pools /metrics reports (main.ts watches the process's). */
    readonly poolMetrics: PoolMetrics;
  }
}

type Kernel = AppDeps['kernel'];

const operationKey = (provider: string, operation: string) => `${provider}\u0000${operation}`;

/** The kernel of one process, from its modules' descriptors in order (the order handlers and clock work run in). */
export function buildKernel(modules: readonly ModuleDescriptor[]): Kernel {
  const all = <T>(pick: (module: ModuleDescriptor) => readonly T[] | undefined): T[] => modules.flatMap((module) => pick(module) ?? []);
  return {
    modules,
    operations: new Map(
      all((module) => module.operations).map((operation) => [operationKey(operation.provider, operation.operation), operation]),
    ),
    webhookVerifiers: new Map(all((module) => module.webhookVerifiers).map((verifier) => [verifier.provider, verifier])),
    providerEvents: all((module) => module.providerEvents),
    domainEvents: all((module) => module.domainEvents),
    fundsArrived: all((module) => module.fundsArrived),
    jobs: all((module) => module.jobs),
    clockWork: all((module) => module.clockWork),
    reconcileChecks: all((module) => module.reconcileChecks),
    clients: createProviderClients(),
    poolMetrics: createPoolMetrics(),
  };
}

export function providerOperationFor(kernel: Kernel, provider: string, operation: string): AnyProviderOperation | undefined {
  return kernel.operations.get(operationKey(provider, operation));
}

export function webhookVerifierFor(kernel: Kernel, provider: string): WebhookVerifier | undefined {
  return kernel.webhookVerifiers.get(provider);
}

/** Two declarations of one name: the later one would win quietly. */
function duplicates(names: string[]): string[] {
  return [...new Set(names.filter((name, index) => names.indexOf(name) !== index))];
}

/**
 * What a process built from these descriptors would miss or get wrong: a provider event type the
 * providers send that no module applies, a queue a module puts work on that no module works, two
 * modules claiming one operation, verifier, queue or handler name. Empty when it may start.
 */
export function kernelProblems(kernel: Kernel, options: { providerEventTypes: readonly string[] }): string[] {
  const problems: string[] = [];
  for (const type of options.providerEventTypes)
    if (!kernel.providerEvents.some((handler) => handler.handles(type))) problems.push(`no handler for the provider event ${type}`);
  const workers = kernel.jobs.map((job) => job.queue);
  for (const module of kernel.modules)
    for (const queue of module.queues ?? [])
      if (!workers.includes(queue)) problems.push(`no worker for the job ${queue} (declared by ${module.name})`);
  const declared = (pick: (module: ModuleDescriptor) => string[]) => kernel.modules.flatMap(pick);
  for (const name of duplicates(declared((module) => (module.operations ?? []).map((op) => `${op.provider}/${op.operation}`))))
    problems.push(`two modules declare the provider operation ${name}`);
  for (const name of duplicates(declared((module) => (module.webhookVerifiers ?? []).map((verifier) => verifier.provider))))
    problems.push(`two webhook verifiers for ${name}`);
  for (const name of duplicates(workers)) problems.push(`two workers for the job ${name}`);
  for (const name of duplicates(declared((module) => (module.domainEvents ?? []).map((subscriber) => subscriber.name))))
    problems.push(`two domain event subscribers named ${name}`);
  for (const name of duplicates(kernel.modules.map((module) => module.name))) problems.push(`two modules named ${name}`);
  return problems;
}

/** Registers every worker the kernel has with the process's job queue (workers run only where deps.jobs runs them). */
export async function registerJobWorkers(deps: AppDeps): Promise<void> {
  for (const job of deps.kernel.jobs) {
    await deps.jobs.register<object>(job.queue, (data) => job.run(deps, data).then(() => undefined));
    if (job.cron) await deps.jobs.schedule(job.queue, job.cron);
  }
}
