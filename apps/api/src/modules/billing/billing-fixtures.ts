import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { BillingRecord } from '@crewpay/core';
import { operatorHeaders } from '../../../test/context.ts';
import { advanceClock } from '../../../test/wallet-fixtures.ts';

type Headers = Record<string, string>;

export async function readBilling(app: FastifyInstance, headers: Headers): Promise<BillingRecord> {
  const response = await app.inject({ method: 'GET', url: '/v1/billing', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BillingRecord>();
}

/** Moves the sandbox clock to one hour into `day` ('YYYY-MM-DD', UTC); never backwards. */
export async function advanceClockTo(app: FastifyInstance, day: string): Promise<void> {
  const clock = await app.inject({ method: 'GET', url: '/dev/clock', headers: operatorHeaders });
  const seconds = Math.ceil((Date.parse(`${day}T01:00:00Z`) - Date.parse(clock.json<{ now: string }>().now)) / 1000);
  if (seconds > 0) expect((await advanceClock(app, seconds)).statusCode).toBe(200);
}

/** The sandbox day ('YYYY-MM-DD', UTC) one day before `day`. */
export const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
