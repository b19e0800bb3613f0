import { sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { insertStatement, insertTogether } from '../../db/insert-many.ts';
import { emails, expiringLinks, users, type Org } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { newEmailRows, type OutgoingEmail } from '../email/index.ts';
import { newExpiringLinks } from '../links/index.ts';

type CreatorPerson = { email: string; first_name?: string | undefined; last_name?: string | undefined };
export type ExistingAccount = { id: string; is_external: boolean; role: string; has_password: boolean };

/** What adding creators writes besides the creators: new accounts, invitation links, queued emails. */
type CreatorAccounts = {
  /** The portal account per email (null: a staff or customer email, no portal account). */
  userIds: Map<string, string | null>;
  emailIds: string[];
  /** One INSERT for the users, links and emails, run before the creators that reference them. */
  statements: (SQL | null)[];
};

/** The accounts that already exist for these emails, in any organisation (one read for a whole file). */
export async function findAccounts(tx: DbOrTx, emailList: string[]): Promise<Map<string, ExistingAccount>> {
  const rows = await tx
    .select({
      id: users.id,
      email: users.email,
      is_external: users.is_external,
      role: users.role,
      has_password: sql<boolean>`${users.password_hash} IS NOT NULL`,
    })
    .from(users)
    .where(sql`${users.email} = ANY(${sql.param(emailList)}::text[])`);
  return new Map(rows.map(({ email, ...account }) => [email, account]));
}

/**
 * Gives each new creator a login account for the creator portal and emails it. A person who
 * already has an external creator account (a creator of another organisation) keeps that one
 * account: they get an email saying the organisation added them. A new account gets an
 * invitation link to /resetPassword/{linkId} to choose a password. An email that belongs to a
 * staff or customer account gets no portal account (user_id stays null).
 * Builds the rows only (no database): the caller runs `statements` in its transaction and sends
 * the emails after commit.
 */
export function planCreatorAccounts(
  deps: AppDeps,
  options: { org: Org; people: CreatorPerson[]; existing: Map<string, ExistingAccount> },
): CreatorAccounts {
  const { org, people, existing } = options;
  const userIds = new Map<string, string | null>();
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
  const links = newExpiringLinks(
    invitations.map((invitation) => ({ type: 'invitation' as const, org_id: org.id, user_id: invitation.user_id })),
  );
  const emailRows = newEmailRows(accountMessages(deps, { org, invitations, linkIds: links.linkIds, notices }));
  return {
    userIds,
    emailIds: emailRows.map((row) => row.id),
    statements: [insertStatement(users, newUsers), insertStatement(expiringLinks, links.rows), insertStatement(emails, emailRows)],
  };
}

function accountMessages(
  deps: AppDeps,
  options: { org: Org; invitations: { email: string }[]; linkIds: string[]; notices: string[] },
): OutgoingEmail[] {
  const { org } = options;
  const base = deps.config.publicUrl;
  return [
    ...options.invitations.map((invitation, index) => ({
      org_id: org.id,
      to: invitation.email,
      subject: `${org.name} invited you to Crewpay`,
      paragraphs: [
        `${org.name} added you as a creator on Crewpay, where you can see your contracts and payments and choose how you are paid.`,
        'Choose a password to open your creator dashboard. The link works once and expires in 7 days.',
      ],
      links: [{ label: 'Choose your password', url: `${base}/resetPassword/${options.linkIds[index]}` }],
    })),
    ...options.notices.map((email) => ({
      org_id: org.id,
      to: email,
      subject: `${org.name} added you on Crewpay`,
      paragraphs: [`${org.name} added you as a creator. Sign in with your existing Crewpay account to see their contracts and payments.`],
      links: [{ label: 'Sign in', url: `${base}/signin` }],
    })),
  ];
}

/**
 * Runs `attempt` (a transaction creating accounts) again when another organisation created one of
 * the same people's accounts at the same moment: the unique email of users refuses the second
 * insert once the first commits, and the next attempt finds that account and shares it.
 */
export async function retryOnAccountRace<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= 3 || !isAccountEmailConflict(error)) throw error;
    }
  }
}

function isAccountEmailConflict(error: unknown): boolean {
  let current = error;
  // Drizzle may wrap the driver's error in `cause`.
  for (let depth = 0; depth < 3 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, constraint, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505' && constraint === 'users_email_key') return true;
    current = cause;
  }
  return false;
}

/** planCreatorAccounts and its writes, for a few people (one creator added by hand). */
export async function ensureCreatorAccounts(
  tx: DbOrTx,
  deps: AppDeps,
  options: { org: Org; people: CreatorPerson[] },
): Promise<{ userIds: Map<string, string | null>; emailIds: string[] }> {
  const existing = await findAccounts(
    tx,
    options.people.map((person) => person.email),
  );
  const { userIds, emailIds, statements } = planCreatorAccounts(deps, { ...options, existing });
  await insertTogether(tx, statements);
  return { userIds, emailIds };
}
