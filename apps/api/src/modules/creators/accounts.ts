import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { insertMany } from '../../db/insert-many.ts';
import { users, type Org } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { queueEmails, type OutgoingEmail } from '../email/index.ts';
import { createExpiringLinks } from '../links/index.ts';

export type CreatorPerson = { email: string; first_name?: string | undefined; last_name?: string | undefined };

/**
 * Gives each new creator a login account for the creator portal and emails it. A person who
 * already has an external creator account (a creator of another organisation) keeps that one
 * account: they get an email saying the organisation added them. A new account gets an
 * invitation link to /resetPassword/{linkId} to choose a password. An email that belongs to a
 * staff or customer account gets no portal account (user_id stays null).
 * Answers the user id per email and the ids of the queued emails (sent after commit).
 */
export async function ensureCreatorAccounts(
  tx: DbOrTx,
  deps: AppDeps,
  options: { org: Org; people: CreatorPerson[] },
): Promise<{ userIds: Map<string, string | null>; emailIds: string[] }> {
  const { org, people } = options;
  const userIds = new Map<string, string | null>();
  const existing = new Map<string, { id: string; is_external: boolean; role: string; has_password: boolean }>();
  const rows = await tx
    .select({
      id: users.id,
      email: users.email,
      is_external: users.is_external,
      role: users.role,
      has_password: sql<boolean>`${users.password_hash} IS NOT NULL`,
    })
    .from(users)
    .where(sql`${users.email} = ANY(${sql.param(people.map((person) => person.email))}::text[])`);
  for (const row of rows) existing.set(row.email, row);

  const invitations: { email: string; user_id: string }[] = [];
  const notices: string[] = [];
  const newUsers: (typeof users.$inferInsert)[] = [];
  for (const person of people) {
    const account = existing.get(person.email);
    if (!account) {
      const id = newId();
      newUsers.push({
        id,
        email: person.email,
        org_id: org.id,
        role: 'creator',
        is_external: true,
        first_name: person.first_name ?? null,
        last_name: person.last_name ?? null,
      });
      userIds.set(person.email, id);
      invitations.push({ email: person.email, user_id: id });
    } else if (account.is_external && account.role === 'creator') {
      userIds.set(person.email, account.id);
      if (account.has_password) notices.push(person.email);
      else invitations.push({ email: person.email, user_id: account.id });
    } else {
      userIds.set(person.email, null);
    }
  }
  await insertMany(tx, users, newUsers);

  const linkIds = await createExpiringLinks(
    tx,
    invitations.map((invitation) => ({ type: 'invitation' as const, org_id: org.id, user_id: invitation.user_id })),
  );
  const base = deps.config.publicUrl;
  const messages: OutgoingEmail[] = [
    ...invitations.map((invitation, index) => ({
      org_id: org.id,
      to: invitation.email,
      subject: `${org.name} invited you to Crewpay`,
      paragraphs: [
        `${org.name} added you as a creator on Crewpay, where you can see your contracts and payments and choose how you are paid.`,
        'Choose a password to open your creator dashboard. The link works once and expires in 7 days.',
      ],
      links: [{ label: 'Choose your password', url: `${base}/resetPassword/${linkIds[index]}` }],
    })),
    ...notices.map((email) => ({
      org_id: org.id,
      to: email,
      subject: `${org.name} added you on Crewpay`,
      paragraphs: [`${org.name} added you as a creator. Sign in with your existing Crewpay account to see their contracts and payments.`],
      links: [{ label: 'Sign in', url: `${base}/signin` }],
    })),
  ];
  return { userIds, emailIds: await queueEmails(tx, messages) };
}
