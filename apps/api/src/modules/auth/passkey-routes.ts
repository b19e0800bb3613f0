import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  messageAnswer,
  passkeyAssertionBody,
  passkeyList,
  passkeyOptionsAnswer,
  passkeyRegisterBody,
  passkeyRegisteredAnswer,
  sessionAnswer,
  signInAudiences,
  loginAsMessages,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { requireAuth } from '../../plugins/auth.ts';
import {
  authenticationOptions,
  listPasskeys,
  registerPasskey,
  removePasskey,
  signInWithPasskey,
  startPasskeyRegistration,
  verifyFreshPasskey,
} from './passkeys.ts';

const tags = ['Two-factor sign-in'];

const passkeySignInBody = passkeyAssertionBody.extend({ audience: z.enum(signInAudiences).optional() });

/**
 * Passkeys (WebAuthn) for staff and portal users alike, under /v1/users (people only, never an
 * API key). Adding one where a factor exists and removing one ask for a fresh factor
 * (their routes' policies). The sign-in challenge and sign-in are public.
 */
export const passkeyRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/users/passkeys',
      {
        config: { policy: { who: 'signed_in', apiKey: 'read', beforeEnrolment: true } },
        schema: { tags, summary: 'Your passkeys', response: { 200: passkeyList, ...errorResponses } },
      },
      async (request) => ({ data: await listPasskeys(deps, requireAuth(request).user) }),
    );

    app.post(
      '/users/passkeys/registration',
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
          summary: 'Start adding a passkey: options for navigator.credentials.create (good for 5 minutes, once)',
          response: { 200: passkeyOptionsAnswer, ...errorResponses },
        },
      },
      async (request) => {
        const { options, email_code_sent } = await startPasskeyRegistration(deps, requireAuth(request));
        return { options: { ...options }, email_code_sent };
      },
    );

    app.post(
      '/users/passkeys',
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
          summary: "Add a passkey with the authenticator's answer; the first second factor also answers recovery codes (shown once)",
          body: passkeyRegisterBody,
          response: { 200: passkeyRegisteredAnswer, ...errorResponses },
        },
      },
      async (request) => registerPasskey(deps, requireAuth(request), request.body),
    );

    app.delete(
      '/users/passkeys/:id',
      {
        config: {
          policy: { who: 'signed_in', apiKey: 'people_only', acting: { refused: loginAsMessages.noSignInFactors }, freshFactor: 'always' },
        },
        schema: { tags, summary: 'Remove a passkey', params: idParams, response: { 200: messageAnswer, ...errorResponses } },
      },
      async (request) => {
        await removePasskey(deps, requireAuth(request), request.params.id);
        return { message: 'Passkey removed' };
      },
    );

    app.post(
      '/users/passkeys/authentication',
      {
        config: { policy: { who: 'public', apiKey: 'people_only' } },
        schema: {
          tags,
          summary: 'Options for navigator.credentials.get: sign in, or a second factor (good for 5 minutes, once)',
          security: [],
          response: { 200: passkeyOptionsAnswer, ...errorResponses },
        },
      },
      async () => ({ options: { ...(await authenticationOptions(deps)) } }),
    );

    app.post(
      '/users/passkeys/signin',
      {
        config: { policy: { who: 'public', apiKey: 'people_only' } },
        schema: {
          tags,
          summary: 'Sign in with a passkey (no password: the session counts as two-factor verified)',
          security: [],
          body: passkeySignInBody,
          response: { 200: sessionAnswer, ...errorResponses },
        },
      },
      async (request) => signInWithPasskey(deps, request.body),
    );

    app.post(
      '/users/passkeys/verify',
      {
        config: { policy: { who: 'signed_in', apiKey: 'people_only' } },
        schema: {
          tags,
          summary: 'Confirm it is you with a passkey: sensitive actions are allowed for the next 10 minutes',
          body: passkeyAssertionBody,
          response: { 200: messageAnswer, ...errorResponses },
        },
      },
      async (request) => {
        await verifyFreshPasskey(deps, requireAuth(request), request.body.credential);
        return { message: 'Confirmed' };
      },
    );
  };
