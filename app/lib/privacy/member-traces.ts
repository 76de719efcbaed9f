// Which values name a member (ADR 0059): their id, and the addresses that are provably
// theirs — the contact address and its identity form, compared whole. Nothing is matched
// as a part of a longer text: a local part such as "mail" or "network" is a word in other
// people's rows, so a row is the member's only because a column says so.

/** Placed where a value named an erased member. */
export const ERASED_VALUE = "[erased]";

export type MemberTraces = {
  memberId: string;
  /** Lower-case: the contact address and its identity (email-identity.ts), each compared whole. */
  addresses: string[];
  /** Lower-case identity forms of those addresses. */
  identities: string[];
};

export function tracesOf(member: { id: string; email: string; emailIdentity: string }): MemberTraces {
  const email = member.email.toLowerCase();
  const identity = member.emailIdentity.toLowerCase();
  return { memberId: member.id, addresses: [...new Set([email, identity])], identities: [identity] };
}

/** Whether a value is one of the addresses, whole (case-insensitive). */
export function isOneOf(value: string, addresses: readonly string[]): boolean {
  return addresses.includes(value.trim().toLowerCase());
}

/**
 * A JSON value with every string that is one of the addresses, whole, replaced by
 * ERASED_VALUE (a key that is one, by ERASED_VALUE and its position); `changed` says whether
 * anything was. Other keys, numbers, booleans, the shape and
 * every other string stay, so an audit row still tells what kind of change it was.
 */
export function scrubJson(value: unknown, addresses: readonly string[]): { value: unknown; changed: boolean } {
  let changed = false;
  const walk = (node: unknown): unknown => {
    if (typeof node === "string") {
      if (!isOneOf(node, addresses)) return node;
      changed = true;
      return ERASED_VALUE;
    }
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === "object") {
      return Object.fromEntries(
        Object.entries(node).map(([key, child], index) => {
          if (!isOneOf(key, addresses)) return [key, walk(child)];
          changed = true;
          return [`${ERASED_VALUE}${index}`, walk(child)];
        }),
      );
    }
    return node;
  };
  const scrubbed = walk(value);
  return { value: scrubbed, changed };
}
