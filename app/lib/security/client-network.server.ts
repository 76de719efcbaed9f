import { isIPv4, isIPv6 } from "node:net";

/**
 * What rate limits and per-address caps count a client by: an IPv4 address as it is; an
 * IPv6 address by its /64, because one subscriber gets a whole /64 and could otherwise take
 * a fresh address for every request; an IPv4-mapped IPv6 address (::ffff:1.2.3.4, what a
 * dual-stack socket reports) as its IPv4 address. Never throws: anything that is not an
 * address is counted by its own text.
 */
export function networkKeyOf(ip: string): string {
  const address = ip.trim().toLowerCase();
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address.slice(0, 100);
  const groups = ipv6Groups(address.replace(/%.*$/, ""));
  const isIPv4Mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isIPv4Mapped) return groups.slice(6).flatMap((group) => [group >> 8, group & 0xff]).join(".");
  return `${groups.slice(0, 4).map((group) => group.toString(16)).join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, "::" and a dotted IPv4 tail expanded. */
function ipv6Groups(address: string): number[] {
  const [head = "", tail] = address.split("::");
  const headGroups = groupsOf(head);
  if (tail === undefined) return headGroups;
  const tailGroups = groupsOf(tail);
  return [...headGroups, ...new Array<number>(8 - headGroups.length - tailGroups.length).fill(0), ...tailGroups];
}

function groupsOf(part: string): number[] {
  if (part === "") return [];
  return part.split(":").flatMap((group) => {
    if (!group.includes(".")) return [parseInt(group, 16)];
    const [a = 0, b = 0, c = 0, d = 0] = group.split(".").map(Number);
    return [(a << 8) | b, (c << 8) | d];
  });
}

/**
 * The household- or school-sized network an address belongs to: its /24 for IPv4, its /64
 * for IPv6. Referrals between members of one such network are held for review.
 */
export function householdNetworkOf(ip: string): string {
  const key = networkKeyOf(ip);
  if (!isIPv4(key)) return key;
  return `${key.split(".").slice(0, 3).join(".")}.0/24`;
}

/** householdNetworkOf for an IP address, and nothing for anything else (a value that is no address is not kept). */
export function coarseNetworkOf(ip: string): string | null {
  const address = ip.trim();
  return isIPv4(address) || isIPv6(address.replace(/%.*$/, "")) ? householdNetworkOf(address) : null;
}
