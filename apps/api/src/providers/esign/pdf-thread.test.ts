import { monitorEventLoopDelay } from 'node:perf_hooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { PDF_LIMITS, type SignatureField } from '@crewpay/core';
import { twoPagePdf } from '../../../test/contract-fixtures.ts';
import { pdfBomb, pdfWithObjects } from '../../../test/pdf-fixtures.ts';
import { createPdfThreads } from './pdf-thread.ts';

const signature = {
  signer_name: 'Casey Creator',
  signer_email: 'casey@example.com',
  signature: { type: 'typed' as const, text: 'Casey Creator' },
  signed_at: new Date('2030-01-01T00:00:00Z'),
  ip: '203.0.113.7',
  user_agent: 'Vitest',
};
const block: SignatureField = {
  x: 100,
  y: 600,
  type: 'signature',
  width: 80,
  height: 16,
  required: true,
  signer: 0,
  api_id: 'signature_field_1',
  page: 1,
};

let bomb: Buffer;
beforeAll(async () => {
  bomb = await pdfBomb(600);
});

const threads = createPdfThreads();

describe('PDF threads', () => {
  it('answers the pages of a PDF, and stamps one, off the main thread', async () => {
    const pdf = await twoPagePdf();
    const read = await threads.run('inspect', { bytes: pdf });
    expect(read).toEqual({
      ok: true,
      value: {
        pages: [
          { width: 612, height: 792 },
          { width: 595.28, height: 841.89 },
        ],
      },
    });
    const stamped = await threads.run('stamp', { original: pdf, title: 'Agreement', contract_ref: 'ref', form_fields: [block], signature });
    expect(stamped.ok && Buffer.from(stamped.value.bytes).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('stamps a PDF its upload let through: objects are counted per document, not per task', async () => {
    const pdf = pdfWithObjects(60_000);
    expect((await threads.run('inspect', { bytes: pdf })).ok).toBe(true);
    const stamped = await threads.run('stamp', { original: pdf, title: 'Agreement', contract_ref: 'ref', form_fields: [block], signature });
    expect(stamped.ok).toBe(true);
  });

  it('stops inflating at the limit, without blocking the event loop; stamping a stored bomb too', async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    expect(await threads.run('inspect', { bytes: bomb })).toEqual({ ok: false, refusal: 'inflated' });
    expect(await threads.run('stamp', { original: bomb, title: 'T', contract_ref: 'ref', form_fields: [block], signature })).toEqual({
      ok: false,
      refusal: 'inflated',
    });
    delay.disable();
    expect(delay.max / 1e6).toBeLessThan(500);
  });

  it('ends a worker past its deadline, even inside synchronous inflation', async () => {
    const started = performance.now();
    const outcome = await threads.run('inspect', { bytes: bomb }, { ...PDF_LIMITS, inflatedBytes: Infinity, seconds: 1.5 });
    expect(outcome).toEqual({ ok: false, refusal: 'time' });
    expect(performance.now() - started).toBeLessThan(4000);
  });

  it('ends a worker past its heap limit', async () => {
    const outcome = await threads.run('inspect', { bytes: pdfWithObjects(400_000) }, { ...PDF_LIMITS, objects: Infinity, memoryMb: 16 });
    expect(outcome).toEqual({ ok: false, refusal: 'memory' });
  });

  it('answers each of several PDFs asked for at once (past two, they wait their turn)', async () => {
    const pdf = await twoPagePdf();
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => threads.run('inspect', { bytes: pdf })));
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
  });

  it('runs at most two threads at once per owner, in the order asked; another owner has slots of its own', async () => {
    const running = { now: 0, most: 0 };
    const started: number[] = [];
    const finish: (() => void)[] = [];
    const counted = () =>
      createPdfThreads(async (request) => {
        started.push((request.input as { bytes: Uint8Array }).bytes[0]!);
        running.most = Math.max(running.most, ++running.now);
        await new Promise<void>((resolve) => finish.push(resolve));
        running.now -= 1;
        return { ok: true, value: { pages: [] } };
      });
    const ask = (owner: ReturnType<typeof counted>, index: number) => owner.run('inspect', { bytes: Uint8Array.of(index) });
    const tick = () => new Promise((resolve) => setImmediate(resolve));

    const owner = counted();
    const answers = Promise.all([0, 1, 2, 3, 4].map((index) => ask(owner, index)));
    await tick();
    expect(started).toEqual([0, 1]);
    while (finish.length > 0) {
      finish.shift()!();
      await tick();
    }
    expect((await answers).every((outcome) => outcome.ok)).toBe(true);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(running.most).toBe(2);

    // Two owners (two kernels): each has its two slots.
    const [first, second] = [counted(), counted()];
    const both = Promise.all([ask(first, 5), ask(first, 6), ask(second, 7), ask(second, 8)]);
    await tick();
    expect(running.now).toBe(4);
    finish.splice(0).forEach((resolve) => resolve());
    await both;
  });
});
