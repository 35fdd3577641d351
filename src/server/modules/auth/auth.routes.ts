import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ExistAnswerSchema, ExistQuerySchema, InvitationAnswerSchema, PasswordChangeFailureSchema, LoginBodySchema, LogoutAnswerSchema, PasswordChangeAnswerSchema, PasswordChangeBodySchema,
  ProfileSchema, ProfileUpdateBodySchema, PublicProfileSchema, SessionAnswerSchema, SignupBodySchema, TokenParamsSchema, UserIdParamsSchema,
} from '../../../protocol/accounts.ts';
import { ErrorBodySchema } from '../../../protocol/errors.ts';
import { errorResponses } from '../../http/errorResponses.ts';
import { attemptLimit } from '../../http/rateLimits.ts';
import type { AuthService } from './auth.service.ts';
import { requireUser } from './identity.ts';
import { requireHeadquarterEditor } from '../access/policy.ts';
import { knownDeviceToken, setKnownDeviceCookie } from './knownDeviceCookie.ts';

const withLimits = { ...errorResponses, 409: ErrorBodySchema, 429: ErrorBodySchema } as const;

/** The users-and-auth calls of spec section 7, at their exact paths. */
export const authRoutes = (service: AuthService, limits: { signupLimit: number }): FastifyPluginAsyncZod => async (app) => {
  app.post('/v2/users/signup', {
    config: { rateLimit: attemptLimit({ max: limits.signupLimit, timeWindow: '10 minutes' }) },
    schema: { body: SignupBodySchema, response: { 200: SessionAnswerSchema, ...withLimits } },
  }, (req) => service.signup(req.body));

  app.get('/v2/users/exist', {
    config: { rateLimit: attemptLimit({ max: 60, timeWindow: '1 minute' }) },
    schema: { querystring: ExistQuerySchema, response: { 200: ExistAnswerSchema, ...withLimits } },
  }, (req) => service.exists(req.query.email));

  // Guessing is slowed by the service's back-off (per address, per account and address, per account from unusual
  // clients); this cap only keeps one address from spending the server's CPU on password hashing.
  app.post('/v1/users/login', {
    config: { rateLimit: attemptLimit({ max: 60, timeWindow: '1 minute' }) },
    schema: { body: LoginBodySchema, response: { 200: SessionAnswerSchema, ...withLimits } },
  }, async (req, reply) => {
    const { session, deviceToken } = await service.login(req.body, { address: req.ip, deviceToken: knownDeviceToken(req) });
    if (deviceToken) setKnownDeviceCookie(reply, req, deviceToken);
    return session;
  });

  app.post('/v1/users/login/:token', {
    config: { rateLimit: attemptLimit({ max: 30, timeWindow: '1 minute' }) },
    schema: { params: TokenParamsSchema, response: { 200: SessionAnswerSchema, ...withLimits } },
  }, (req) => service.loginByToken(req.params.token));

  /** Not in the spec: an invitation link (SIGNUP=invite) made by an owner or editor of a headquarter. */
  app.post('/v2/users/invitations', {
    config: { rateLimit: attemptLimit({ max: 30, timeWindow: '10 minutes' }) },
    schema: { response: { 200: InvitationAnswerSchema, ...withLimits } },
  }, (req) => service.invite(requireHeadquarterEditor(req).user));

  /** Not in the spec: the signed-in user's own profile, which the profile panel shows. */
  app.get('/v2/users/profile', {
    schema: { response: { 200: ProfileSchema, ...errorResponses } },
  }, (req) => service.profile(requireUser(req)));

  app.put('/v2/users/profile/:id', {
    schema: { params: UserIdParamsSchema, body: ProfileUpdateBodySchema, response: { 200: ProfileSchema, ...errorResponses } },
  }, (req) => service.updateProfile(requireUser(req), req.params.id, req.body));

  app.post('/v1/users/password/change', {
    config: { rateLimit: attemptLimit({ max: 10, timeWindow: '10 minutes' }) },
    schema: { body: PasswordChangeBodySchema, response: { ...withLimits, 200: PasswordChangeAnswerSchema, 400: PasswordChangeFailureSchema } },
  }, async (req, reply) => {
    const answer = await service.changePassword(requireUser(req), req.sessionTokenHash!, req.body.oldPassword, req.body.newPassword);
    if (answer.ok) return answer;
    const error = answer.error ?? 'The password could not be changed.';
    return reply.status(400).send({ code: 'VALIDATION_FAILED', message: error, field: 'oldPassword', error });
  });

  app.post('/v1/users/logout', {
    schema: { response: { 200: LogoutAnswerSchema, ...errorResponses } },
  }, (req) => service.logout(req.sessionTokenHash));

  app.get('/v2/users/:id/publicProfile', {
    schema: { params: UserIdParamsSchema, response: { 200: PublicProfileSchema, ...errorResponses } },
  }, (req) => service.publicProfile(req.params.id));
};
