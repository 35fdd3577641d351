import type { IncomingMessage } from 'node:http';

/**
 * Whether a WebSocket handshake may open. Browsers always send Origin on a WebSocket, and cookies or stored sessions
 * ride along with it, so another site's page must not open one in a visitor's name (cross-site WebSocket hijacking):
 * the Origin must be this server's, as the browser reached it (the Host header) or as configured (PUBLIC_URL). A client
 * with no Origin is not a browser page (a script, a test): it carries only what it was given, so it may connect.
 */
export function originAllowed(req: Pick<IncomingMessage, 'headers'>, publicUrl?: string): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  if (host === req.headers.host) return true;
  if (!publicUrl) return false;
  try {
    return host === new URL(publicUrl).host;
  } catch {
    return false;
  }
}
