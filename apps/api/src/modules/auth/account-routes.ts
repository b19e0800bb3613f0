import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeEmailBody,
  confirmLinkBody,
  emailChangedAnswer,
  loginAsMessages,
  messageAnswer,
  sessionAnswer,
  updateProfileBody,
  userRecord,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { confirmEmailChange, requestEmailChange } from './email-change.ts';
import { updateProfile } from './profile.ts';
import { toUserRecord } from './sessions.ts';
import { confirmSignUp } from './sign-up.ts';

const tags = ['Accounts'];

/** The links that finish sign-up and an email change, and the email change itself. */
export const accountRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/users/signup/confirm',
      {
        config: { policy: { who: 'public', apiKey: 'people_only' } },
        schema: {
          tags,
          summary: 'Finish signing up with the emailed link: creates the account and signs in',
          security: [],
          body: confirmLinkBody,
          response: { 200: sessionAnswer, ...errorResponses },
        },
      },
      async (request) => confirmSignUp(deps, request.body.id),
    );

    app.put(
      '/user',
      {
        config: { policy: { who: 'signed_in', apiKey: 'none' } },
        schema: {
          tags,
          summary: 'Change your profile: the display name you are shown by (blank: your name or email again)',
          body: updateProfileBody,
          response: { 200: userRecord, ...errorResponses },
        },
      },
      async (request) => {
        const { user, session_id, actor } = requireAuth(request);
        // A person names themselves: never someone acting as them, never an API key.
        if (actor) throw new AppError('forbidden', loginAsMessages.whileActing);
        if (!session_id) throw new AppError('forbidden', 'Sign in to change your profile');
        return toUserRecord(await updateProfile(deps.db, { user, display_name: request.body.display_name }));
      },
    );

    app.put(
      '/users/email',
      {
        config: { policy: { who: 'signed_in', apiKey: 'people_only' } },
        schema: {
          tags,
          summary: 'Change your email address: needs your password; the new address confirms by an emailed link',
          body: changeEmailBody,
          response: { 200: messageAnswer, ...errorResponses },
        },
      },
      async (request) => {
        const { user, session_id, actor } = requireAuth(request);
        // A person's own session only: never someone acting as them, never an API key.
        if (actor) throw new AppError('forbidden', loginAsMessages.whileActing);
        if (!session_id) throw new AppError('forbidden', 'Sign in to change your email address');
        return requestEmailChange(deps, { user, body: request.body });
      },
    );

    app.post(
      '/users/email/confirm',
      {
        config: { policy: { who: 'public', apiKey: 'people_only' } },
        schema: {
          tags,
          summary: 'Confirm a new email address with the link emailed to it: the change takes effect',
          security: [],
          body: confirmLinkBody,
          response: { 200: emailChangedAnswer, ...errorResponses },
        },
      },
      async (request) => confirmEmailChange(deps, request.body.id),
    );
  };
