import { REQUEST_TIMEOUT_MS } from '../protocol/constants.ts';
import type { ErrorBody } from '../protocol/errors.ts';
import { IDENTITY_HEADERS } from '../protocol/identity.ts';

/** The three identity headers of spec section 4 (token type, token, user id), set after login. */
export interface Identity {
  tokenType: string;
  token: string;
  userId: string;
}

let identity: Identity | null = null;
export const setIdentity = (next: Identity | null): void => {
  identity = next;
};
/** The signed-in identity, for requests that cannot go through request(): sockets, keepalive fetches. */
export const currentIdentity = (): Identity | null => identity;

/**
 * The identity headers for calls made without request(): upload progress needs XHR, event streams and keepalive
 * fetches build their own requests.
 */
export const identityHeaders = (as: Identity | null = identity): Record<string, string> =>
  as ? { [IDENTITY_HEADERS.tokenType]: as.tokenType, [IDENTITY_HEADERS.token]: as.token, [IDENTITY_HEADERS.userId]: as.userId } : {};

/** A non-success answer: rejected with the response body (spec section 7). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ErrorBody> | null,
  ) {
    super(body?.message ?? `HTTP ${status}`);
  }
}

/** A network failure or the 30 s timeout: rejected with its message (status 0). */
export class NetworkError extends Error {
  readonly status = 0;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Ask as this identity instead of the signed-in one (e.g. before a sign-in is kept). */
  as?: Identity;
}

export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  Object.assign(headers, identityHeaders(opts.as ?? identity));
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(path, { method: opts.method ?? 'GET', headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), signal });
  } catch (error) {
    throw new NetworkError(error instanceof Error ? error.message : String(error));
  }
  const text = await res.text();
  const parsed = text ? safeJson(text) : null;
  if (!res.ok) throw new HttpError(res.status, (parsed as Partial<ErrorBody> | null) ?? null);
  return parsed as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}
