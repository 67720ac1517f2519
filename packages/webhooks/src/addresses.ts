import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may not reach unless the operator allows it (WEBHOOK_ALLOW_PRIVATE):
 * loopback, private networks, link-local (cloud metadata lives there), shared and unspecified.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export const PRIVATE_ADDRESS_MESSAGE =
  'This address is on a private network, loopback or link-local, which webhooks may not reach. An operator can allow it with WEBHOOK_ALLOW_PRIVATE=true.';

export class WebhookAddressError extends Error {
  override name = 'WebhookAddressError';
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * `dns.lookup` for the connection itself: the address checked is the address connected to, so a
 * name that resolves elsewhere a moment later (DNS rebinding) cannot slip past.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: object, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      if (!allowPrivate && list.some(({ address }) => isPrivateAddress(address))) {
        return callback(new WebhookAddressError(PRIVATE_ADDRESS_MESSAGE), []);
      }
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** Why `url` cannot be a webhook endpoint, or null when it can (checked when it is registered). */
export async function webhookUrlProblem(
  url: string,
  allowPrivate: boolean,
): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Enter the full address, starting with https://.';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    return 'The address must start with https:// (or http://).';
  if (parsed.username || parsed.password)
    return 'Leave the user name and password out of the address.';
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : await new Promise<string[] | null>((resolve) =>
        dnsLookup(host, { all: true }, (error, found) =>
          resolve(error ? null : found.map((entry) => entry.address)),
        ),
      );
  if (!addresses || addresses.length === 0) return `We could not find ${host}. Check the address.`;
  if (!allowPrivate && addresses.some(isPrivateAddress)) return PRIVATE_ADDRESS_MESSAGE;
  return null;
}
