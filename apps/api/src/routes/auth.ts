import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ValidationError } from '#domain/shared/errors.ts';
import type { Config } from '../config.ts';
import { sessionId } from '../http/auth.ts';
import { operation } from '../http/openapi.ts';
import { errors, RoleSchema, toUserDto, UserRef } from '../http/schemas.ts';
import { needs, type UsesOf } from '../http/services.ts';

const RegisterBody = Type.Object(
  {
    email: Type.String({ maxLength: 254, description: 'Normalised to lower case; must be unique' }),
    password: Type.String({
      maxLength: 256,
      description:
        'At least 8 characters (NIST SP 800-63B), at most 256; not one of the most common passwords',
    }),
    firstName: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    lastName: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    role: Type.Optional({
      ...RoleSchema,
      description: 'client (default), contractor or vendor; admin is refused with 403',
    }),
    country: Type.Optional(Type.String({ maxLength: 10, description: 'Two-letter code; default US' })),
  },
  {
    examples: [
      {
        email: 'marcus@example.com',
        password: 'a long passphrase',
        firstName: 'Marcus',
        lastName: 'Rolle',
        role: 'contractor',
        country: 'BS',
      },
    ],
  },
);

/** OWASP's device cookie (decision 0191): this browser signed in to the account it names before. */
const DEVICE_COOKIE = 'buildbid_device';
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const SignInBody = Type.Object(
  {
    email: Type.String({ maxLength: 1000 }),
    password: Type.String({ maxLength: 1000 }),
  },
  { examples: [{ email: 'marcus@example.com', password: 'a long passphrase' }] },
);

export const authNeeds = needs(
  ['registerUser', 'sendVerificationEmail', 'signIn', 'signOut', 'startSession'],
  ['realtime'],
);

export const authRoutes: FastifyPluginAsyncTypebox<UsesOf<typeof authNeeds> & { config: Config }> = async (
  app,
  { config, useCases, http },
) => {
  /** Revokes the session on the server, closes its sockets, and clears the cookie. */
  const signOut = async (request: FastifyRequest) => {
    const sid = sessionId(request);
    await useCases.signOut.execute(sid);
    // Through the delivery port: the session's sockets may be held by another API process.
    if (sid) await http.realtime.closeSession(sid);
    request.session.delete();
  };

  const authLimit = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };

  app.post(
    '/api/auth/register',
    {
      config: authLimit,
      schema: {
        tags: ['auth'],
        ...operation({
          id: 'register',
          summary: 'Create an account and sign in',
          description:
            'Creates the account and starts a session: the answer sets the `buildbid_session` cookie. ' +
            'The email must be new (409 EMAIL_TAKEN); admin cannot be chosen (403 ROLE_NOT_SELF_ASSIGNABLE).',
          access: 'public',
          errors: {
            400: [
              'INVALID_EMAIL',
              'PASSWORD_TOO_SHORT',
              'PASSWORD_TOO_LONG',
              'PASSWORD_TOO_COMMON',
              'PASSWORD_BLANK',
              'NAME_TOO_LONG',
              'INVALID_ROLE',
              'UNKNOWN_COUNTRY',
              'COUNTRY_REQUIRED',
            ],
            403: ['ROLE_NOT_SELF_ASSIGNABLE'],
            409: ['EMAIL_TAKEN'],
          },
          responses: { 201: 'The new user; the session cookie is set' },
        }),
        body: RegisterBody,
        response: { 201: UserRef, ...errors(400, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = await useCases.registerUser.execute(request.body);
      // The address is proved through the link mailed to it (decision 0160); until then no notification mail.
      await useCases.sendVerificationEmail.execute(user);
      const session = await useCases.startSession.execute(user.id, sessionId(request));
      request.session.regenerate();
      request.session.set('sid', session.sid);
      return reply.status(201).send(toUserDto(user));
    },
  );

  /** The device cookie a sign-in earned, set after the session cookie (clients read that one first). */
  const newDevices = new WeakMap<FastifyRequest, string>();

  app.post(
    '/api/auth/signin',
    {
      config: authLimit,
      // Route onSend hooks run after the app's, where the session cookie is set.
      onSend: async (request, reply, payload) => {
        const token = newDevices.get(request);
        // Only the sign-in reads it: scoped to /api/auth, never readable by script, a year long.
        if (token) {
          reply.setCookie(DEVICE_COOKIE, token, {
            path: '/api/auth',
            httpOnly: true,
            sameSite: 'strict',
            secure: config.env === 'production',
            maxAge: DEVICE_COOKIE_MAX_AGE_S,
          });
        }
        return payload;
      },
      schema: {
        tags: ['auth'],
        ...operation({
          id: 'signIn',
          summary: 'Sign in with email and password',
          description:
            "A wrong password and an unknown email both answer 401 'Invalid email or password'. Guessing is " +
            'slowed per account and client (decision 0191): after ACCOUNT_SIGNIN_FREE_ATTEMPTS wrong ' +
            'passwords for one email from one address, each further one from there doubles that address’s ' +
            'wait (429 SIGNIN_THROTTLED with Retry-After); a browser holding the account’s ' +
            '`buildbid_device` cookie (set by every successful sign-in) counts on its own wherever it is, so ' +
            'failures elsewhere never refuse it; and ACCOUNT_SIGNIN_FREE_ATTEMPTS_ANY_ADDRESS failures from ' +
            'all browsers without that cookie slow those browsers down together. On top: the per-address ' +
            'limit (429 RATE_LIMITED). The answer sets the `buildbid_session` cookie (a new session id) and ' +
            'a new `buildbid_device` cookie. The right password of a suspended account answers 403 ' +
            "ACCOUNT_SUSPENDED with the suspension's last day ('Your account is suspended through Dec 3, 2026. You " +
            "can sign in again after that day.') or 'until an admin lifts the suspension', and no session " +
            '(decision 0223).',
          access: 'public',
          errors: {
            400: ['CREDENTIALS_REQUIRED'],
            401: ['INVALID_CREDENTIALS'],
            403: ['ACCOUNT_SUSPENDED'],
            429: ['SIGNIN_THROTTLED'],
          },
          responses: { 200: 'The signed-in user; the session cookie is set' },
        }),
        body: SignInBody,
        response: { 200: UserRef, ...errors(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      if (email.trim() === '' || password === '') {
        throw new ValidationError('CREDENTIALS_REQUIRED', 'Please enter your email and password');
      }
      const { user, session, deviceCookie } = await useCases.signIn.execute({
        email,
        password,
        previousSid: sessionId(request),
        address: request.ip,
        deviceCookie: request.cookies[DEVICE_COOKIE],
      });
      request.session.regenerate();
      request.session.set('sid', session.sid);
      if (deviceCookie) newDevices.set(request, deviceCookie);
      return toUserDto(user);
    },
  );

  app.post(
    '/api/auth/signout',
    {
      schema: {
        tags: ['auth'],
        ...operation({
          id: 'signOut',
          summary: 'Sign out: the session is revoked on the server and the cookie cleared',
          description:
            'Revokes the session on the server (every API process stops accepting it), closes its sockets and ' +
            'clears the cookie. Without a session it still answers 204.',
          access: 'public',
          responses: { 204: 'Signed out' },
        }),
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await signOut(request);
      return reply.status(204).send(null);
    },
  );

  // Sign-out changes state, so it is POST only (docs/decisions/0140): a link or an <img> on another
  // page cannot sign anyone out. The full-page form posts here and lands on the home page.
  app.post(
    '/api/logout',
    {
      schema: {
        // A browser form's convenience, like GET /api/login: not an API operation (openapi/CHANGELOG.md).
        hide: true,
        tags: ['auth'],
        ...operation({
          id: 'logOut',
          summary: 'Full-page sign-out (a form POST): revokes the session and redirects to /',
          description:
            'For the full-page sign-out form: signs out like POST /api/auth/signout, then 303 to /. ' +
            'Sign-out is POST only, so a link or an image on another site cannot end a session.',
          access: 'public',
          responses: { 303: 'Signed out; Location: /' },
        }),
        response: { 303: Type.Null() },
      },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      await signOut(request);
      return reply.redirect('/', 303);
    },
  );

  app.get(
    '/api/login',
    {
      schema: {
        hide: true,
        tags: ['auth'],
        ...operation({
          id: 'goToSignIn',
          database: false,
          summary: 'Full-page login: redirects to the sign-in page /signin',
          description:
            'For links and full-page navigation from older clients: 302 to the shell page /signin.',
          access: 'public',
          responses: { 302: 'Location: /signin' },
        }),
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
        ...operation({
          id: 'getCurrentUser',
          summary: 'The signed-in user',
          description: 'How a frontend learns who is signed in: 401 UNAUTHENTICATED when nobody is.',
          access: 'session',
          scope: 'profile:read',
          responses: { 200: 'The signed-in user' },
        }),
        response: { 200: UserRef, ...errors(401) },
      },
    },
    async (request) => toUserDto(request.user),
  );

  app.get(
    '/api/auth/session',
    {
      schema: {
        tags: ['auth'],
        ...operation({
          id: 'getSession',
          summary: 'Who is signed in, if anyone',
          description:
            "The shell's session probe (decision 0198): the signed-in user, or `user: null` for a " +
            'visitor or an ended session. It never answers 401, so a signed-out page makes no failing call. ' +
            'GET /api/auth/user answers the same user, and 401 when nobody is signed in.',
          access: 'public',
          responses: { 200: 'The signed-in user, or null' },
        }),
        response: {
          200: Type.Object(
            { user: Type.Union([UserRef, Type.Null()]) },
            { additionalProperties: false, description: 'user is null when nobody is signed in' },
          ),
        },
      },
    },
    async (request) => {
      const user = await request.currentUser();
      return { user: user ? toUserDto(user) : null };
    },
  );
};
