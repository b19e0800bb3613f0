import pg from 'pg';

const databaseUrl = () => `postgres://crewpay:crewpay@127.0.0.1:${process.env.EMBEDDED_PG_PORT ?? '54339'}/postgres`;

/**
 * Writes an organisation-wide notification straight into the e2e server's database, as the
 * billing job does ('plan charged' needs a month of sandbox time, which would move every test's clock).
 */
export async function insertNotification(orgId: string, text: string, link: string | null): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query(`INSERT INTO notifications (id, org_id, text, link) VALUES (gen_random_uuid(), $1, $2, $3)`, [orgId, text, link]);
  } finally {
    await client.end();
  }
}
