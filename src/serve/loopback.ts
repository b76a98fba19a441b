import { isIPv4 } from 'node:net';

/**
 * Whether `address`, as a listening socket reports it, is reachable from this machine
 * only: 127.0.0.0/8, ::1, or an IPv4-mapped loopback address. The wildcard addresses
 * (0.0.0.0, ::) and every other one are reachable from the network.
 */
export function isLoopbackAddress(address: string): boolean {
  const ipv4 = address.toLowerCase().startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIPv4(ipv4)) return ipv4.startsWith('127.');
  return address === '::1';
}
