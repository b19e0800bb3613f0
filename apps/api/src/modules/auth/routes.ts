import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordBody, messageAnswer, resetPasswordBody, sessionAnswer, signInBody, signUpBody, userRecord } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { toUserRecord } from './sessions.ts';
import { changePassword, requestPasswordReset, signIn, signOut, signUp } from './service.ts';

const tags = ['Accounts'];

export const authRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/users/signup',
      {
        config: { isPublic: true },
        schema: { tags, summary: 'Create an account', security: [], body: signUpBody, response: { 200: sessionAnswer, ...errorResponses } },
      },
      async (request) => signUp(deps, request.body),
    );

    app.post(
      '/users/signin',
      {
        config: { isPublic: true },
        schema: { tags, summary: 'Sign in', security: [], body: signInBody, response: { 200: sessionAnswer, ...errorResponses } },
      },
      async (request) => signIn(deps, { ...request.body, ip: request.ip }),
    );

    app.post(
      '/users/signout',
      { schema: { tags, summary: 'End this session', response: { 200: messageAnswer, ...errorResponses } } },
      async (request) => {
        await signOut(deps, requireAuth(request).session_id);
        return { message: 'Signed out' };
      },
    );

    app.get(
      '/user',
      { schema: { tags, summary: 'The signed-in user', response: { 200: userRecord, ...errorResponses } } },
      async (request) => toUserRecord(requireAuth(request).user),
    );

    app.put(
      '/users/password',
      { schema: { tags, summary: 'Change the password', body: changePasswordBody, response: { 200: messageAnswer, ...errorResponses } } },
      async (request) => {
        const { user, session_id } = requireAuth(request);
        await changePassword(deps, { user, session_id, ...request.body });
        return { message: 'Password has been updated.' };
      },
    );

    app.put(
      '/users/password/reset',
      {
        config: { isPublic: true },
        schema: {
          tags,
          summary: 'Email a set-new-password link',
          security: [],
          body: resetPasswordBody,
          response: { 200: messageAnswer, ...errorResponses },
        },
      },
      async (request) => {
        await requestPasswordReset(deps, { ...request.body, ip: request.ip });
        return { message: 'Request has been sent, check your email!' };
      },
    );
  };
