// What of a member's address can sit in free text and JSON elsewhere (audit values, webhook
// payloads, e-mail bodies, rate-limit keys): the address, its identity form and their local
// parts. Export and erasure look for the same traces, so what one lists the other removes.

/** Local parts shorter than this would match unrelated text ("al" in "also"): only the whole address is looked for then. */
export const MIN_LOCAL_PART_LENGTH = 4;

/** Placed where a value named an erased member. */
export const ERASED_VALUE = "[erased]";

export type MemberTraces = {
  memberId: string;
  email: string;
  identity: string;
  /** The contact address and any other address of theirs still held (a pending change of address), lower-case. */
  addresses: string[];
  /** Lower-case strings whose presence in a text or JSON value names the member. */
  needles: string[];
};

function localPartOf(address: string): string {
  const at = address.lastIndexOf("@");
  return at < 0 ? address : address.slice(0, at);
}

export function tracesOf(member: { id: string; email: string; emailIdentity: string }, otherAddresses: readonly string[] = []): MemberTraces {
  const email = member.email.toLowerCase();
  const identity = member.emailIdentity.toLowerCase();
  const addresses = [...new Set([email, ...otherAddresses.map((address) => address.toLowerCase())])];
  const needles = new Set([...addresses, identity]);
  for (const address of [...addresses, identity]) {
    const local = localPartOf(address);
    if (local.length >= MIN_LOCAL_PART_LENGTH) needles.add(local);
  }
  return { memberId: member.id, email, identity, addresses, needles: [...needles] };
}

/** Whether a text holds one of the needles (case-insensitive). */
export function mentions(text: string, needles: readonly string[]): boolean {
  const lower = text.toLowerCase();
  return needles.some((needle) => lower.includes(needle));
}

/**
 * A JSON value with every string (value or key) that holds a needle replaced by
 * ERASED_VALUE; `changed` says whether anything was. Numbers, booleans and the shape stay,
 * so an audit row still tells what kind of change it was.
 */
export function scrubJson(value: unknown, needles: readonly string[]): { value: unknown; changed: boolean } {
  let changed = false;
  const walk = (node: unknown): unknown => {
    if (typeof node === "string") {
      if (!mentions(node, needles)) return node;
      changed = true;
      return ERASED_VALUE;
    }
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === "object") {
      const out: Record<string, unknown> = {};
      let index = 0;
      for (const [key, child] of Object.entries(node)) {
        let safeKey = key;
        if (mentions(key, needles)) {
          changed = true;
          safeKey = `${ERASED_VALUE}${index}`;
        }
        out[safeKey] = walk(child);
        index += 1;
      }
      return out;
    }
    return node;
  };
  const scrubbed = walk(value);
  return { value: scrubbed, changed };
}
