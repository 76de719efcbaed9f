import dns from "node:dns";
import net from "node:net";
import { AppError } from "../../kernel/errors";

// Webhook URLs are chosen by admins but fetched by our server: without a guard an
// endpoint could point at the database, the cloud metadata service or a router.

const BLOCKED_V4: [string, number][] = [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.0.2.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["198.51.100.0", 24], ["203.0.113.0", 24],
  ["224.0.0.0", 4], ["240.0.0.0", 4],
];
const BLOCKED_V6: [string, number][] = [["::", 128], ["::1", 128], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8], ["2001:db8::", 32], ["64:ff9b::", 96]];

const blockList = new net.BlockList();
for (const [address, prefix] of BLOCKED_V4) blockList.addSubnet(address, prefix, "ipv4");
for (const [address, prefix] of BLOCKED_V6) blockList.addSubnet(address, prefix, "ipv6");

/** True for loopback, private, link-local, carrier-grade NAT, documentation, multicast and reserved addresses. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  const family = net.isIP(address);
  if (family === 0) return true;
  return blockList.check(address, family === 4 ? "ipv4" : "ipv6");
}

export type UrlPolicy = { allowPrivate: boolean };

/** The URL an admin typed, if it may be an endpoint: https (http only locally), no credentials, no private literal address. */
export function checkWebhookUrl(raw: string, { allowPrivate }: UrlPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError("INVALID_INPUT", "Enter the endpoint's full address, starting with https://.");
  }
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) throw new AppError("INVALID_INPUT", "Webhook endpoints must use https://.");
  if (url.username || url.password) throw new AppError("INVALID_INPUT", "Put no user name or password in the address.");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!allowPrivate && (host === "localhost" || host.endsWith(".localhost") || (net.isIP(host) && isPrivateAddress(host)))) {
    throw new AppError("INVALID_INPUT", "Webhook endpoints must be public addresses, not this server's network.");
  }
  return url;
}

/**
 * A dns.lookup for http(s).request that refuses private answers, so a public name that
 * resolves (or re-resolves) to a private address is caught at connection time.
 */
export function guardedLookup({ allowPrivate }: UrlPolicy): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as dns.LookupAddress[];
      const usable = allowPrivate ? list : list.filter((entry) => !isPrivateAddress(entry.address));
      if (usable.length === 0) return callback(Object.assign(new Error(`${hostname} resolves only to private addresses`), { code: "EPRIVATE" }), "", 0);
      if ((options as dns.LookupOptions).all) return (callback as unknown as (err: null, all: dns.LookupAddress[]) => void)(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}
