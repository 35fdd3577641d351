// The recorded exchanges between Atrium's platform client and the fake (transcript.json) and the fetch wrappers that
// record and replay them.

export interface Exchange {
  request: { method: string; path: string; authorization: string | null; contentType: string | null; body: string | null };
  response: { status: number; body: unknown };
}

export interface Transcript {
  note: string;
  code: string;
  redirectUri: string;
  exchanges: Exchange[];
  outcome: Record<string, unknown>;
}

function headerOf(init: RequestInit | undefined, name: string): string | null {
  const headers = new Headers(init?.headers);
  return headers.get(name);
}

export function describeRequest(input: string | URL | Request, init: RequestInit | undefined): Exchange['request'] {
  const url = new URL(String(input));
  return {
    method: init?.method ?? 'GET',
    path: `${url.pathname}${url.search}`,
    authorization: headerOf(init, 'authorization'),
    contentType: headerOf(init, 'content-type'),
    body: typeof init?.body === 'string' ? init.body : null,
  };
}

/** A fetch that sends to `base` instead of the scenario's host and keeps every exchange. */
export function recordingFetch(base: string, exchanges: Exchange[]): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const request = describeRequest(input, init);
    const res = await fetch(`${base}${request.path}`, init);
    const text = await res.text();
    exchanges.push({ request, response: { status: res.status, body: text ? JSON.parse(text) as unknown : null } });
    return new Response(text, { status: res.status, headers: res.headers });
  }) as typeof fetch;
}

/**
 * A fetch that answers from the transcript: each request must be the next recorded one, exactly (method, path and
 * query, bearer token, content type, body); anything else fails the test with both requests shown.
 */
export function replayingFetch(exchanges: Exchange[]): { fetch: typeof fetch; remaining: () => number } {
  let next = 0;
  const replay = (async (input: string | URL | Request, init?: RequestInit) => {
    const actual = describeRequest(input, init);
    const expected = exchanges[next];
    if (!expected) throw new Error(`The client made a call the transcript does not have: ${JSON.stringify(actual)}`);
    if (JSON.stringify(actual) !== JSON.stringify(expected.request)) {
      throw new Error(`Call ${next + 1} differs from the transcript.\n  expected ${JSON.stringify(expected.request)}\n  actual   ${JSON.stringify(actual)}`);
    }
    next += 1;
    return new Response(JSON.stringify(expected.response.body), { status: expected.response.status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fetch: replay, remaining: () => exchanges.length - next };
}
