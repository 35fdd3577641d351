import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/**
 * Which hops in front of the server may tell the client's address through X-Forwarded-For:
 * false (none: the socket's peer is the client), a hop count (the last N hops are our proxies), or the proxies'
 * addresses and CIDR ranges. Trusting every hop would let any client choose its address, so it is not offered.
 */
export type TrustProxySetting = false | number | string[];

export type TrustFunction = (address: string, hop: number) => boolean;

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Parses the TRUST_PROXY variable; throws with a sentence naming what is wrong. */
export function parseTrustProxy(raw: string | undefined): TrustProxySetting {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') {
    throw new Error('"true" would let any client choose its address; give the number of proxies in front (e.g. 1) or their addresses');
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new Error('at most 10 proxy hops');
    return hops;
  }
  const entries = value.split(',').map((s) => s.trim()).filter(Boolean);
  for (const entry of entries) {
    if (NAMED_RANGES.has(entry)) continue;
    try {
      proxyAddr.compile(entry);
    } catch {
      throw new Error(`"${entry}" is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal`);
    }
  }
  return entries;
}

/** The one rule, shared by Fastify (request.ip) and Socket.IO (the handshake's address). */
export function trustFunction(setting: TrustProxySetting): TrustFunction {
  if (setting === false) return () => false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  const trusted = proxyAddr.compile(setting);
  return (address, hop) => trusted(address, hop);
}

/** The client's address of a raw Node request (the WebSocket upgrade of a Socket.IO handshake) under the rule. */
export function clientAddressOf(request: IncomingMessage, trust: TrustFunction): string {
  return proxyAddr(request, trust);
}
