import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase } from "../../../tests/db-reset";
import { creditTrailerView } from "../points/points.server";
import { getMemberById } from "../waitlist/members.server";
import { joinWaitlist } from "../waitlist/join/create-members.server";
import { movementText } from "./place-text";
import { i18nFor } from "../i18n/catalogs.server";
import { visitPlaceInLine } from "./place-movement.server";

beforeEach(resetDatabase);

async function visit(memberId: string, at: Date) {
  const member = await getMemberById(memberId);
  if (!member) throw new Error("member gone");
  return visitPlaceInLine(member, at);
}

describe("how far a member moved", () => {
  it("says nothing on the first visit, then counts the places gained since yesterday's last visit", async () => {
    const leaders = await Promise.all(["a", "b", "c"].map((name) => joinWaitlist({ email: `${name}@example.com` })));
    for (const { member } of leaders) await creditTrailerView(member.id);
    const { member: nova } = await joinWaitlist({ email: "nova@example.com" });

    const monday = new Date("2026-11-23T18:00:00Z");
    const first = await visit(nova.id, monday);
    expect(first).toMatchObject({ rank: 4, movement: null });

    // Watching the trailer overnight: 10 → 15 points ties the three leaders at #1.
    await creditTrailerView(nova.id);
    await creditTrailerView(nova.id); // a second play earns nothing
    const tuesday = new Date("2026-11-24T17:00:00Z");
    const next = await visit(nova.id, tuesday);
    expect(next?.rank).toBe(1);
    expect(next?.movement).toEqual({ places: 3, since: "yesterday" });
    expect(movementText(next!.movement!, i18nFor("en"))).toBe("Up 3 places since yesterday");
    expect(movementText(next!.movement!, i18nFor("es"))).toBe("Subiste 3 lugares desde ayer");

    // Coming back later the same day still shows the climb since yesterday.
    const again = await visit(nova.id, new Date("2026-11-24T20:00:00Z"));
    expect(again?.movement).toEqual({ places: 3, since: "yesterday" });

    // The next day, yesterday's rank is the new baseline: no movement.
    const wednesday = await visit(nova.id, new Date("2026-11-25T17:00:00Z"));
    expect(wednesday?.movement).toBeNull();
  });

  it("on the first day, counts from the first visit", async () => {
    const { member: leader } = await joinWaitlist({ email: "leader@example.com" });
    await creditTrailerView(leader.id);
    const { member: nova } = await joinWaitlist({ email: "nova@example.com" });
    await visit(nova.id, new Date("2026-11-24T17:00:00Z"));
    await creditTrailerView(nova.id);
    const later = await visit(nova.id, new Date("2026-11-24T18:00:00Z"));
    expect(later?.movement).toEqual({ places: 1, since: "today" });
    expect(movementText(later!.movement!, i18nFor("en"))).toBe("Up 1 place since earlier today");
    expect(movementText(later!.movement!, i18nFor("es"))).toBe("Subiste 1 lugar desde hoy más temprano");
  });
});
