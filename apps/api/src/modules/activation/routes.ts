import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  beneficialOwnersAnswer,
  beneficialOwnersBody,
  businessBody,
  onboardingAnswer,
  onboardingLinkAnswer,
  orgRecord,
  representativeBody,
  loginAsMessages,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { User } from '../../db/schema/index.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { toOrgRecord } from '../orgs/index.ts';
import { submitBusiness, submitRepresentative, type Acceptance } from './service.ts';
import { onboardingLink, onboardingStatus } from './status.ts';
import { listBeneficialOwners, submitBeneficialOwners } from './owners.ts';
import { MANAGERS } from '../../plugins/route-policy.ts';

const tags = ['Activation'];
/** What only the organisation's owner may give Stripe: its owners, and what Stripe's own pages collect. */
const OWNER = ['owner'] as const;

/** Who accepts the terms, as the provider records the acceptance: the caller's address, browser and email. */
const acceptanceOf = (request: FastifyRequest, user: User): Acceptance => ({
  ip: request.ip,
  user_agent: (request.headers['user-agent'] ?? 'unknown').slice(0, 500),
  email: user.email,
});

export const activationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/org/owner',
      {
        config: { policy: { who: MANAGERS, apiKey: 'none', acting: { refused: loginAsMessages.noPayoutDetails } } },
        schema: {
          tags,
          summary: 'Activation step 1 of 2: the business representative (sent again to correct what Stripe refused)',
          body: representativeBody,
          response: { 200: orgRecord, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireStaff(request, ['owner', 'admin']);
        const acceptance = acceptanceOf(request, user);
        return toOrgRecord(await submitRepresentative(deps, { org_id: user.org_id, body: request.body, acceptance }));
      },
    );

    app.post(
      '/org/business',
      {
        config: { policy: { who: MANAGERS, apiKey: 'none', acting: { refused: loginAsMessages.noPayoutDetails } } },
        schema: {
          tags,
          summary: 'Activation step 2 of 2: the business (opens the wallet; sent again to correct what Stripe refused)',
          body: businessBody,
          response: { 200: orgRecord, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireStaff(request, ['owner', 'admin']);
        const acceptance = acceptanceOf(request, user);
        return toOrgRecord(await submitBusiness(deps, { org_id: user.org_id, body: request.body, acceptance }));
      },
    );

    app.get(
      '/org/onboarding',
      {
        config: { policy: { who: MANAGERS, apiKey: 'read' } },
        schema: {
          tags,
          summary: 'What Stripe still needs before the wallet can be used, and how to give it',
          response: { 200: onboardingAnswer, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireStaff(request, ['owner', 'admin']);
        return onboardingStatus(deps.db, user.org_id);
      },
    );

    app.get(
      '/org/beneficial_owners',
      {
        config: { policy: { who: OWNER, apiKey: 'none' } },
        schema: {
          tags,
          summary: "The business's beneficial owners (25% or more each) and when the list was attested complete",
          response: { 200: beneficialOwnersAnswer, ...errorResponses },
        },
      },
      async (request) => listBeneficialOwners(deps, requireStaff(request, ['owner']).org_id),
    );

    app.put(
      '/org/beneficial_owners',
      {
        config: { policy: { who: OWNER, apiKey: 'none', acting: { refused: loginAsMessages.noPayoutDetails } } },
        schema: {
          tags,
          summary:
            'When Stripe asks: the beneficial owners (25% or more each, with their percentage) and the attestation that all are listed; answers what Stripe still needs',
          body: beneficialOwnersBody,
          response: { 200: onboardingAnswer, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireStaff(request, ['owner']);
        await submitBeneficialOwners(deps, { org_id: user.org_id, body: request.body });
        return onboardingStatus(deps.db, user.org_id);
      },
    );

    app.post(
      '/org/onboarding_link',
      {
        config: { policy: { who: OWNER, apiKey: 'none' } },
        schema: {
          tags,
          summary: "Stripe's page where the owner gives what only Stripe collects (an identity document)",
          response: { 200: onboardingLinkAnswer, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireStaff(request, ['owner']);
        return { url: await onboardingLink(deps, user.org_id) };
      },
    );
  };
