import { describe, expect, it } from 'vitest';
import { parseTrustProxy, trustFunction } from './trustProxy.ts';

describe('parseTrustProxy', () => {
  it('trusts no proxy when unset, empty, false or 0', () => {
    for (const raw of [undefined, '', 'false', '0', ' false ']) expect(parseTrustProxy(raw)).toBe(false);
  });

  it('reads a hop count and a list of addresses, CIDR ranges and named ranges', () => {
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,loopback, ::1')).toEqual(['10.0.0.1', '192.168.0.0/16', 'loopback', '::1']);
  });

  it('refuses "true" (any client could choose its address), too many hops and what is not an address', () => {
    expect(() => parseTrustProxy('true')).toThrow(/any client choose its address/);
    expect(() => parseTrustProxy('11')).toThrow(/at most 10/);
    expect(() => parseTrustProxy('10.0.0.1,proxy.example.com')).toThrow(/"proxy.example.com" is not an IP address/);
  });
});

describe('trustFunction', () => {
  it('trusts nothing by default, the last N hops with a count, and only listed addresses with a list', () => {
    expect(trustFunction(false)('127.0.0.1', 0)).toBe(false);
    const twoHops = trustFunction(2);
    expect([0, 1, 2].map((hop) => twoHops('10.0.0.1', hop))).toEqual([true, true, false]);
    const listed = trustFunction(['10.0.0.0/8', 'loopback']);
    expect(listed('10.1.2.3', 0)).toBe(true);
    expect(listed('127.0.0.1', 3)).toBe(true);
    expect(listed('203.0.113.9', 0)).toBe(false);
  });
});
