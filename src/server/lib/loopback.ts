import { isIP } from 'node:net';

// "This machine" for the demo's safety rules (ADR 0029): the names and addresses that never leave it.

/** localhost, 127.0.0.0/8 or ::1 (brackets, as in a URL's host name, allowed). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || isLoopbackAddress(host);
}

/** A socket's peer address on this machine: 127.0.0.0/8, ::1, or 127.x mapped into IPv6. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().replace(/^::ffff:/, '');
  if (isIP(v4) === 4) return v4.startsWith('127.');
  // The URL parser writes an IPv6 address in its one canonical form (0:0:0:0:0:0:0:1 → ::1).
  return isIP(address) === 6 && new URL(`http://[${address}]`).hostname === '[::1]';
}
