import { createHash } from "node:crypto";
import { bigSmile } from "@dicebear/collection";
import { createAvatar } from "@dicebear/core";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A member's avatar, drawn here from a hash of the member id: no e-mail address or
 * id leaves the server, and the same member always gets the same face.
 */
export function renderMemberAvatar(memberId: string): string | null {
  if (!UUID.test(memberId)) return null;
  const seed = createHash("sha256").update(memberId.toLowerCase()).digest("hex").slice(0, 24);
  return createAvatar(bigSmile, { seed, size: 64, radius: 50, backgroundColor: ["ffd5a3", "c0e4ff", "d2f5c4", "ffd1dc", "e4d4ff"] }).toString();
}
