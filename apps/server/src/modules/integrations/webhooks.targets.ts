import { WEBHOOK_TEXTS } from '@courier/contract';
import { BlockList, isIP } from 'node:net';
import { lookup, type LookupAddress } from 'node:dns';
import { promisify } from 'node:util';

/**
 * Where a webhook may go (decision 066): public addresses only, unless the operator allows private ones
 * (WEBHOOKS_ALLOW_PRIVATE_TARGETS). Checked when an endpoint is saved, and again at each connection by the lookup the
 * request uses (`guardedLookup`), so a name that resolved to a public address when saved and to an inner one when
 * sent (DNS rebinding) is refused at the connection itself.
 */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network, the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the cloud metadata address
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64 of any IPv4 address: checked as that address below
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address (v4 or v6, IPv4-mapped included) is one a webhook may reach without the operator's leave. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  const family = isIP(address);
  if (family === 0) return false;
  return !BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class TargetRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TargetRefused';
  }
}

const lookupAll = promisify(lookup);

/** The URL's host resolved, every address checked: throws TargetRefused with the reason. */
export async function checkTarget(url: string, allowPrivate: boolean): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : await lookupAll(host, { all: true, verbatim: true }).then(
        (found) => found.map((a) => a.address),
        () => {
          throw new TargetRefused(WEBHOOK_TEXTS.unresolvable);
        },
      );
  if (!allowPrivate && addresses.some((a) => !isPublicAddress(a)))
    throw new TargetRefused(WEBHOOK_TEXTS.privateTarget);
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * The `lookup` of a webhook's request: the system's, with each address it answers checked before the socket
 * connects to it. An IP literal in the URL is not looked up: `checkTarget` is asked of it before the request.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: object, callback: LookupCallback) => {
    lookup(hostname, { ...options, all: true }, (err, found) => {
      if (err) return callback(err, []);
      const list = found;
      if (!allowPrivate && list.some((a) => !isPublicAddress(a.address)))
        return callback(
          Object.assign(new TargetRefused(WEBHOOK_TEXTS.privateTarget), { code: 'EREFUSED' }),
          [],
        );
      const all = (options as { all?: boolean }).all;
      if (all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}
