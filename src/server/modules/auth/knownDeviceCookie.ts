import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The known-device cookie (OWASP "device cookies"): a random token the browser keeps after a successful sign-in, so
 * its next sign-ins skip the per-account back-off that strangers' failures build up. Strictly necessary (it only
 * protects the sign-in), HttpOnly, sent to the sign-in route alone, kept a year.
 */
export const KNOWN_DEVICE_COOKIE = 'atrium_device';
const PATH = '/v1/users/login';
const YEAR_SECONDS = 365 * 24 * 60 * 60;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function knownDeviceToken(request: FastifyRequest): string | undefined {
  const value = request.cookies?.[KNOWN_DEVICE_COOKIE];
  return value && TOKEN_PATTERN.test(value) ? value : undefined;
}

export function setKnownDeviceCookie(reply: FastifyReply, request: FastifyRequest, token: string): void {
  reply.setCookie(KNOWN_DEVICE_COOKIE, token, {
    path: PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: YEAR_SECONDS,
  });
}
