import { CREW_ADJECTIVES, CREW_NOUNS, CREW_NUMBER_MAX } from "./crew-words";

/** What a standing shows for a member who has left the waitlist (their row is gone). */
export const FORMER_CREW_MEMBER = "Former crew member";

/** cyrb53: a fast, well-mixed 53-bit string hash (public domain); not for secrets. */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * A member's public face (ADR 0042): "Brave Otter 42", made only from the member's random
 * id and their re-roll count, so nothing of their e-mail address can show through. The
 * same (id, roll) always gives the same name; a re-roll gives another. Every public
 * surface names members through this function (or publicNameOf), never from the address.
 */
export function crewNameOf(memberId: string, roll: number): string {
  let h = hash53(`${memberId.toLowerCase()}:${roll}`);
  const adjective = CREW_ADJECTIVES[h % CREW_ADJECTIVES.length]!;
  h = Math.floor(h / CREW_ADJECTIVES.length);
  const noun = CREW_NOUNS[h % CREW_NOUNS.length]!;
  h = Math.floor(h / CREW_NOUNS.length);
  const number = (h % CREW_NUMBER_MAX) + 1;
  return `${adjective} ${noun} ${number}`;
}

/** The crew name of a member, or FORMER_CREW_MEMBER when the member is gone (a null id). */
export function publicNameOf(member: { memberId: string | null; roll: number | null }): string {
  return member.memberId ? crewNameOf(member.memberId, member.roll ?? 0) : FORMER_CREW_MEMBER;
}
