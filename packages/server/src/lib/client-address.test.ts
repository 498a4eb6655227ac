import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { addressBucket, trustProxyOption } from './client-address.ts';

describe('addressBucket', () => {
  it('keeps an IPv4 address as it is, also when it arrives IPv4-mapped', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by their /64, whatever their spelling', () => {
    const a = addressBucket('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:0db8:0001:0002::1')).toBe(a);
    expect(addressBucket('2001:db8:1:3::1')).not.toBe(a);
  });
});

describe('TRUST_PROXY', () => {
  const trust = (v?: string) => loadConfig(v === undefined ? {} : { TRUST_PROXY: v }).TRUST_PROXY;

  it('trusts no proxy by default: the socket address counts', () => {
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
  });

  it('takes a hop count or a list of addresses / CIDRs', () => {
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, ::1,loopback')).toEqual(['10.0.0.0/8', '::1', 'loopback']);
  });

  it('refuses `true` and anything that is not an address, naming the variable', () => {
    expect(() => trust('true')).toThrow(ConfigError);
    expect(() => trust('true')).toThrow(/TRUST_PROXY: .*hop count/);
    expect(() => trust('10.0.0.0/8,proxy.local')).toThrow(/not an address: proxy\.local/);
  });

  it('becomes a Fastify trustProxy that believes exactly that many hops', () => {
    const fn = trustProxyOption(1);
    expect(typeof fn).toBe('function');
    if (typeof fn !== 'function') return;
    expect(fn('10.0.0.2', 0)).toBe(true);
    expect(fn('198.51.100.7', 1)).toBe(false);
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
  });
});
