import type { Db, Tx } from '../db/client.ts';

export type AfterCommitTask = () => Promise<void>;

/**
 * One business transaction as a handler sees it: the transaction, work to do once the OUTERMOST
 * transaction has committed (calls to providers, emails, jobs: never before, so a rollback can
 * not leave a payout queued for money that was never held), and a savepoint whose own tasks join
 * the outer list only if the savepoint itself succeeded.
 */
export type UnitOfWork = {
  tx: Tx;
  afterCommit: (task: AfterCommitTask) => void;
  savepoint: <T>(work: (inner: UnitOfWork) => Promise<T>) => Promise<T>;
};

function unitOver(tx: Tx, tasks: AfterCommitTask[]): UnitOfWork {
  return {
    tx,
    afterCommit: (task) => tasks.push(task),
    savepoint: async (work) => {
      const mine: AfterCommitTask[] = [];
      const result = await tx.transaction((inner) => work(unitOver(inner, mine)));
      // Reached only when the savepoint was released: a rolled-back savepoint's tasks are dropped.
      tasks.push(...mine);
      return result;
    },
  };
}

/** A unit of work over a transaction the caller already holds; `tasks` collects what runs after the outermost commit. */
export const unitOfWorkOver = (tx: Tx, tasks: AfterCommitTask[]): UnitOfWork => unitOver(tx, tasks);

/** Runs `work` in a new transaction, then its after-commit tasks, in order, once it has committed. */
export async function inUnitOfWork<T>(db: Db, work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
  const tasks: AfterCommitTask[] = [];
  const result = await db.transaction((tx) => work(unitOver(tx, tasks)));
  for (const task of tasks) await task();
  return result;
}
