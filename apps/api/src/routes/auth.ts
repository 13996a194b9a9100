import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { RegisterUser, SignIn, SignOut, StartSession } from '../../../../application/accounts/use-cases.ts';
import type { Config } from '../config.ts';
import { TOKENS } from '../container.ts';
import { requireUser, sessionId } from '../http/auth.ts';
import { errors, RoleSchema, toUserDto, UserRef } from '../http/schemas.ts';
import type { AppServices } from '../http/services.ts';

const RegisterBody = Type.Object({
  email: Type.String({ maxLength: 254, description: 'Normalised to lower case; must be unique' }),
  password: Type.String({ maxLength: 256, description: 'At least 6 characters' }),
  firstName: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  lastName: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  role: Type.Optional({
    ...RoleSchema,
    description: 'client (default), contractor or vendor; admin is refused with 403',
  }),
  country: Type.Optional(Type.String({ maxLength: 10, description: 'Two-letter code; default US' })),
});

const SignInBody = Type.Object({
  email: Type.String({ maxLength: 1000 }),
  password: Type.String({ maxLength: 1000 }),
});

export const authRoutes: FastifyPluginAsyncTypebox<{ config: Config; services: AppServices }> = async (
  app,
  { config, services },
) => {
  /** Revokes the session on the server, closes its sockets, and clears the cookie. */
  const signOut = async (request: FastifyRequest) => {
    const sid = sessionId(request);
    await services.get(SignOut).execute(sid);
    // Through the delivery port: the session's sockets may be held by another API process.
    if (sid) await services.get(TOKENS.RealtimePort).closeSession(sid);
    request.session.delete();
  };

  const authLimit = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };

  app.post(
    '/api/auth/register',
    {
      config: authLimit,
      schema: {
        tags: ['auth'],
        summary: 'Create an account and sign in',
        body: RegisterBody,
        response: { 201: UserRef, ...errors(400, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = await services.get(RegisterUser).execute(request.body);
      const session = await services.get(StartSession).execute(user.id, sessionId(request));
      request.session.regenerate();
      request.session.set('sid', session.sid);
      return reply.status(201).send(toUserDto(user));
    },
  );

  app.post(
    '/api/auth/signin',
    {
      config: authLimit,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        description: "A wrong password and an unknown email both answer 401 'Invalid email or password'.",
        body: SignInBody,
        response: { 200: UserRef, ...errors(400, 401, 429) },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      if (email.trim() === '' || password === '') {
        return Promise.reject(
          Object.assign(new Error('Please enter your email and password'), {
            statusCode: 400,
            code: 'CREDENTIALS_REQUIRED',
          }),
        );
      }
      const { user, session } = await services
        .get(SignIn)
        .execute({ email, password, previousSid: sessionId(request) });
      request.session.regenerate();
      request.session.set('sid', session.sid);
      return toUserDto(user);
    },
  );

  app.post(
    '/api/auth/signout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: the session is revoked on the server and the cookie cleared',
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await signOut(request);
      return reply.status(204).send(null);
    },
  );

  const signOutAndGoHome = {
    schema: {
      tags: ['auth'],
      summary: 'Full-page sign-out: revokes the session and redirects to /',
      response: { 302: Type.Null() },
    },
  };
  const redirectHome = async (request: FastifyRequest, reply: FastifyReply) => {
    await signOut(request);
    return reply.redirect('/', 302);
  };
  app.get('/api/logout', signOutAndGoHome, redirectHome);
  app.get('/api/auth/signout', signOutAndGoHome, redirectHome);

  app.get(
    '/api/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Full-page login: redirects to the sign-in page /signin',
        response: { 302: Type.Null() },
      },
    },
    async (_request, reply) => reply.redirect('/signin', 302),
  );

  app.get(
    '/api/auth/user',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ session: [] }],
        response: { 200: UserRef, ...errors(401) },
      },
    },
    async (request) => toUserDto(await requireUser(request)),
  );
};
