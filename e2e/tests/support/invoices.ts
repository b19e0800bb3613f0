import { expect, type APIRequestContext } from '@playwright/test';

/** The newest pay link emailed to `email` (the sandbox outbox), as a path; with `subject`, of the newest email whose subject has it. */
export async function readPayLink(request: APIRequestContext, email: string, subject = ''): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const emails = (await (await request.get('/dev/outbox', { headers: { Accept: 'application/json' } })).json()) as {
          to: string;
          subject: string;
          links: string[];
        }[];
        link = emails
          .filter((message) => message.to === email && message.subject.includes(subject))
          .flatMap((message) => message.links)
          .filter((url) => url.includes('/invoices/pay?id='))
          .at(-1);
        return link;
      },
      { message: `a pay link emailed to ${email}` },
    )
    .toBeTruthy();
  return new URL(link!).pathname + new URL(link!).search;
}

/** Sends an invoice through the API and answers it. */
export async function sendInvoiceViaApi(request: APIRequestContext, token: string, data: Record<string, unknown>) {
  const response = await request.post('/v1/invoices', {
    headers: { 'auth-token': token },
    data: { title: 'Spring campaign', description: 'Posts and stories', amount: 10_000, net: 30, ...data },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { id: string; customer_id: string; title: string };
}
