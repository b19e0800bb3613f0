import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createCustomerBody,
  customerExportQuery,
  customerListItem,
  customerPage,
  listCustomersQuery,
  updateCustomerBody,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { resolveQuickbooksParty } from '../accounting/index.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { customersCsv } from './csv.ts';
import { allCustomers, getCustomer, listCustomers } from './queries.ts';
import { createCustomer, updateCustomer } from './service.ts';
import { STAFF } from '../../plugins/route-policy.ts';

const tags = ['Customers'];

/** Staff (owner, admin, team member) manage customers; external users may not. */
export const customerRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/customers',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: "The organization's customers, one page at a time, searched by name or email",
          querystring: listCustomersQuery,
          response: { 200: customerPage, ...errorResponses },
        },
      },
      async (request) => listCustomers(deps.db, { org_id: requireStaff(request).org_id, ...request.query }),
    );

    app.get(
      '/customers/export',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: 'customers_report.csv of the filtered list (formula-like cells escaped)',
          querystring: customerExportQuery,
        },
      },
      async (request, reply) => {
        const chunks = allCustomers(deps.db, { org_id: requireStaff(request).org_id, ...request.query });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="customers_report.csv"')
          .header('cache-control', 'private, no-store')
          .send(Readable.from(customersCsv(chunks)));
      },
    );

    app.get(
      '/customers/:id',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: { tags, summary: 'One customer', params: idParams, response: { 200: customerListItem, ...errorResponses } },
      },
      async (request) => getCustomer(deps.db, { org_id: requireStaff(request).org_id, id: request.params.id }),
    );

    app.post(
      '/customers',
      {
        config: { policy: { who: STAFF, apiKey: 'customers:write' } },
        schema: {
          tags,
          summary: 'Add a customer (a duplicate email within the organization is a 409)',
          body: createCustomerBody,
          response: { 200: customerListItem, ...errorResponses },
        },
      },
      async (request) => createCustomer(deps.db, { org_id: requireStaff(request).org_id, body: request.body }),
    );

    app.put(
      '/customers/:id',
      {
        config: { policy: { who: STAFF, apiKey: 'customers:write' } },
        schema: {
          tags,
          summary: 'Update a customer (fields left out are unchanged; address is an object)',
          params: idParams,
          body: updateCustomerBody,
          response: { 200: customerListItem, ...errorResponses },
        },
      },
      async (request) => {
        const { org_id } = requireStaff(request);
        const { qb_customer, ...rest } = request.body;
        // The Quickbooks card's pick is checked against the company's customers (outside any transaction).
        const body =
          qb_customer === undefined ? rest : { ...rest, qb_customer: await resolveQuickbooksParty(deps, org_id, 'customer', qb_customer) };
        return updateCustomer(deps.db, { org_id, id: request.params.id, body });
      },
    );
  };
