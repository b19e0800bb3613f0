// COPY ... FROM STDIN through node-postgres without another package: a query object that node-
// postgres drives (its `submit` and `handle...` callbacks, as pg-copy-streams does), sending the
// chunks a generator makes when PostgreSQL asks for them. The growth bench seeds with it.
import type pg from 'pg';

type Connection = {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
};

class CopyIn {
  private error: Error | undefined;
  rows = 0;
  constructor(
    private readonly text: string,
    private readonly chunks: Iterable<string>,
    private readonly settle: { resolve(rows: number): void; reject(error: Error): void },
  ) {}
  submit(connection: Connection) {
    connection.query(this.text);
  }
  handleCopyInResponse(connection: Connection) {
    for (const chunk of this.chunks) connection.sendCopyFromChunk(Buffer.from(chunk));
    connection.endCopyFrom();
  }
  handleCommandComplete(message: { text?: string }) {
    this.rows = Number(message.text?.split(' ')[1] ?? 0);
  }
  handleError(error: Error) {
    this.error = error;
  }
  handleReadyForQuery() {
    if (this.error) this.settle.reject(this.error);
    else this.settle.resolve(this.rows);
  }
  // Not sent by COPY FROM; present because node-postgres calls them on any query.
  handleRowDescription() {}
  handleDataRow() {}
  handleEmptyQuery() {}
  handlePortalSuspended() {}
}

/** Runs `COPY <target> FROM STDIN` (text format) with the lines `chunks` yields; answers the rows copied. */
export function copyIn(client: pg.PoolClient | pg.Client, target: string, chunks: Iterable<string>): Promise<number> {
  return new Promise((resolve, reject) => {
    void client.query(new CopyIn(`COPY ${target} FROM STDIN`, chunks, { resolve, reject }) as never);
  });
}
