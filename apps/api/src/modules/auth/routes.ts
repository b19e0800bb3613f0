import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordBody,
  loginAsBody,
  loginAsMessages,
  messageAnswer,
  resetPasswordBody,
  sessionAnswer,
  signInBody,
  signUpBody,
  userRecord,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { startActingAs, stopActing } from './acting.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { toUserRecord } from './sessions.ts';
import { accountRoutes } from './account-routes.ts';
import { twoFactorRoutes } from './two-factor-routes.ts';
import { passkeyRoutes } from './passkey-routes.ts';
import { deviceCookie, deviceTokenOf } from './device.ts';
import { requestPasswordReset } from './password-reset.ts';
import { changePassword, newDeviceToken, signIn, signOut } from './service.ts';
import { requestSignUp } from './sign-up.ts';

const tags = ['Accounts'];

export const authRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/users/signup',
      {
        config: { policy: { who: 'public', apiKey: 'people_only' } },
        schema: {
          tags,
          summary: 'Start an account: emails a link that creates it (or, for an address with an account, a note)',
          security: [],
          body: signUpBody,
          response: { 200: messageAnswer, ...errorResponses },
        },
      },
      async (request) => requestSignUp(deps, { ...request.body, ip: request.ip }),
    );

    app.post(
      '/users/signin',
      {
        config: { policy: { who: 'public', apiKey: 'people_only' } },
        schema: { tags, summary: 'Sign in', security: [], body: signInBody, response: { 200: sessionAnswer, ...errorResponses } },
      },
      async (request, reply) => {
        const device_token = deviceTokenOf(request.headers.cookie);
        const isSecure = deps.config.publicUrl.startsWith('https:');
        try {
          const result = await signIn(deps, { ...request.body, ip: request.ip, device_token });
          void reply.header('set-cookie', deviceCookie(result.device_token, { isSecure }));
          return result.session;
        } catch (error) {
          // A refused attempt gives a client without a device cookie one (docs/security.md, Sign-in throttling).
          const fresh = await newDeviceToken(deps, { ip: request.ip, device_token });
          if (fresh) void reply.header('set-cookie', deviceCookie(fresh, { isSecure }));
          throw error;
        }
      },
    );

    app.post(
      '/users/signout',
      {
        config: { policy: { who: 'signed_in', apiKey: 'people_only', beforeEnrolment: true } },
        schema: { tags, summary: 'End this session', response: { 200: messageAnswer, ...errorResponses } },
      },
      async (request) => {
        await signOut(deps, requireAuth(request).session_id);
        return { message: 'Signed out' };
      },
    );

    app.get(
      '/user',
      {
        config: { policy: { who: 'signed_in', apiKey: 'read', beforeEnrolment: true } },
        schema: { tags, summary: 'The signed-in user', response: { 200: userRecord, ...errorResponses } },
      },
      async (request) => {
        const { user, actor, acting_expires_at } = requireAuth(request);
        return toUserRecord(user, actor, acting_expires_at);
      },
    );

    app.post(
      '/users/loginas',
      {
        config: { policy: { who: 'signed_in', apiKey: 'people_only' } },
        schema: {
          tags,
          summary: 'Act as a member or creator of your organization (owners and admins; never a higher role)',
          body: loginAsBody,
          response: { 200: userRecord, ...errorResponses },
        },
      },
      async (request) => {
        const acting = await startActingAs(deps, requireAuth(request), request.body.user_id);
        return toUserRecord(acting.user, acting.actor, acting.acting_expires_at);
      },
    );

    app.delete(
      '/users/loginas',
      {
        config: { policy: { who: 'signed_in', apiKey: 'people_only' } },
        schema: {
          tags,
          summary: 'Stop acting as another user: back to your own account',
          response: { 200: userRecord, ...errorResponses },
        },
      },
      async (request) => toUserRecord(await stopActing(deps.db, requireAuth(request))),
    );

    app.put(
      '/users/password',
      {
        config: { policy: { who: 'signed_in', apiKey: 'people_only' } },
        schema: { tags, summary: 'Change the password', body: changePasswordBody, response: { 200: messageAnswer, ...errorResponses } },
      },
      async (request) => {
        const { user, session_id, actor } = requireAuth(request);
        // Someone acting as another user never changes that user's password.
        if (actor) throw new AppError('forbidden', loginAsMessages.whileActing);
        await changePassword(deps, { user, session_id, ...request.body });
        return { message: 'Password has been updated.' };
      },
    );

    app.put(
      '/users/password/reset',
      {
        config: { policy: { who: 'public', apiKey: 'people_only' } },
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

    await app.register(accountRoutes(deps));
    await app.register(twoFactorRoutes(deps));
    await app.register(passkeyRoutes(deps));
  };
