import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  messageAnswer,
  orgTwoFactorBody,
  totpConfirmBody,
  recoveryCodesAnswer,
  totpSetupAnswer,
  twoFactorCodeBody,
  twoFactorStatus,
  loginAsMessages,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { requireAuth, requireStaff } from '../../plugins/auth.ts';
import {
  confirmTotp,
  removeTotp,
  renewRecoveryCodes,
  setOrgTwoFactorRequired,
  startTotp,
  twoFactorStatusOf,
  verifyFreshFactor,
} from './two-factor.ts';
import { OWNER } from '../../plugins/route-policy.ts';

const tags = ['Two-factor sign-in'];

/**
 * Two-factor sign-in for staff and portal users alike (under /v1/users: people only, never an API
 * key). Removing it, new recovery codes and the organisation's rule ask for a fresh factor
 * (their routes' policies).
 */
export const twoFactorRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/users/two_factor',
      {
        config: { policy: { who: 'signed_in', apiKey: 'read', beforeEnrolment: true } },
        schema: {
          tags,
          summary: 'Your two-factor sign-in: on or off, recovery codes left',
          response: { 200: twoFactorStatus, ...errorResponses },
        },
      },
      async (request) => twoFactorStatusOf(deps, requireAuth(request).user),
    );

    app.post(
      '/users/two_factor/totp',
      {
        config: {
          policy: {
            who: 'signed_in',
            apiKey: 'people_only',
            acting: { refused: loginAsMessages.noSignInFactors },
            freshFactor: 'always',
            beforeEnrolment: true,
          },
        },
        schema: {
          tags,
          summary: 'Start setting up an authenticator app: its secret and QR address (shown this once)',
          response: { 200: totpSetupAnswer, ...errorResponses },
        },
      },
      async (request) => startTotp(deps, requireAuth(request)),
    );

    app.post(
      '/users/two_factor/totp/confirm',
      {
        config: {
          policy: {
            who: 'signed_in',
            apiKey: 'people_only',
            acting: { refused: loginAsMessages.noSignInFactors },
            freshFactor: 'always',
            beforeEnrolment: true,
          },
        },
        schema: {
          tags,
          summary: "Finish setting up with the app's first code: turns two-factor on and answers 10 recovery codes (shown this once)",
          body: totpConfirmBody,
          response: { 200: recoveryCodesAnswer, ...errorResponses },
        },
      },
      async (request) => ({ recovery_codes: await confirmTotp(deps, requireAuth(request), request.body.code, request.body.email_code) }),
    );

    app.delete(
      '/users/two_factor/totp',
      {
        config: {
          policy: { who: 'signed_in', apiKey: 'people_only', acting: { refused: loginAsMessages.noSignInFactors }, freshFactor: 'always' },
        },
        schema: { tags, summary: 'Turn two-factor sign-in off', response: { 200: messageAnswer, ...errorResponses } },
      },
      async (request) => {
        await removeTotp(deps, requireAuth(request));
        return { message: 'Two-factor sign-in is off' };
      },
    );

    app.post(
      '/users/two_factor/recovery_codes',
      {
        config: {
          policy: { who: 'signed_in', apiKey: 'people_only', acting: { refused: loginAsMessages.noSignInFactors }, freshFactor: 'always' },
        },
        schema: {
          tags,
          summary: 'New recovery codes in place of the old ones (shown this once)',
          response: { 200: recoveryCodesAnswer, ...errorResponses },
        },
      },
      async (request) => ({ recovery_codes: await renewRecoveryCodes(deps, requireAuth(request)) }),
    );

    app.post(
      '/users/two_factor/verify',
      {
        config: { policy: { who: 'signed_in', apiKey: 'people_only' } },
        schema: {
          tags,
          summary: 'Confirm it is you with a code: sensitive actions are allowed for the next 10 minutes',
          body: twoFactorCodeBody,
          response: { 200: messageAnswer, ...errorResponses },
        },
      },
      async (request) => {
        await verifyFreshFactor(deps, requireAuth(request), request.body.code);
        return { message: 'Confirmed' };
      },
    );

    app.put(
      '/users/two_factor/organization',
      {
        config: {
          policy: { who: OWNER, apiKey: 'people_only', acting: { refused: loginAsMessages.noSignInRules }, freshFactor: 'always' },
        },
        schema: {
          tags,
          summary: 'Require two-factor sign-in of every staff member of the organization (owners)',
          body: orgTwoFactorBody,
          response: { 200: messageAnswer, ...errorResponses },
        },
      },
      async (request) => {
        await setOrgTwoFactorRequired(deps, requireStaff(request, ['owner']), request.body.required);
        return { message: request.body.required ? 'Two-factor sign-in is required' : 'Two-factor sign-in is optional' };
      },
    );
  };
