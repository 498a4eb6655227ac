import ipaddr from 'ipaddr.js';

/**
 * The address a limit counts a client under: an IPv4 address as it is, an IPv6 address by its /64 (one
 * subscriber usually holds a whole /64, so rotating addresses inside it must not start a fresh count).
 * An IPv4-mapped IPv6 address (`::ffff:203.0.113.7`) counts as the IPv4 address it carries.
 */
export function addressBucket(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const ip = ipaddr.process(address);
  if (ip.kind() === 'ipv4') return ip.toString();
  const parts = (ip as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}

/**
 * Fastify's `trustProxy` from TRUST_PROXY. A hop count trusts that many proxies in front of the socket
 * (Fastify's own number option trusts none, so it is spelled as a function); a list trusts those addresses.
 */
export function trustProxyOption(
  trust: false | number | string[],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return trust > 0 ? (_address, hop) => hop < trust : false;
  return trust;
}
