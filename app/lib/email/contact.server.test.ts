import { beforeEach, describe, expect, it } from "vitest";
import { emailOutbox } from "../../../db/schema";
import { resetDatabase } from "../../../tests/db-reset";
import { db } from "../../kernel/db.server";
import { getEnv } from "../../kernel/env.server";
import { CONTACT_LIMIT, deliverContactMessage } from "./contact.server";

beforeEach(resetDatabase);

const MESSAGE = { name: "Ada <b>", email: "ada@example.com", subject: "Hello\r\nBcc: x@evil.example", message: "When is the premiere?" };

describe("contact messages", () => {
  it("queue an e-mail to the studio that replies to the visitor, with the input escaped", async () => {
    await deliverContactMessage(MESSAGE, "10.9.0.1");
    const [row] = await db.select().from(emailOutbox);
    expect(row).toMatchObject({ kind: "contact", toAddress: getEnv().CONTACT_EMAIL, replyTo: "ada@example.com" });
    expect(row?.subject).toBe("[Contact] Hello Bcc: x@evil.example");
    expect(row?.html).toContain("Ada &#60;b&#62;");
    expect(row?.html).not.toContain("<b>");
    expect(row?.text).toContain("When is the premiere?");
  });

  it("are rate-limited per address", async () => {
    for (let sent = 0; sent < CONTACT_LIMIT.limit; sent++) await deliverContactMessage(MESSAGE, "10.9.0.2");
    await expect(deliverContactMessage(MESSAGE, "10.9.0.2")).rejects.toMatchObject({ code: "RATE_LIMITED" });
    expect(await db.select().from(emailOutbox)).toHaveLength(CONTACT_LIMIT.limit);
  });

  it("count an IPv6 /64 as one address", async () => {
    for (let sent = 0; sent < CONTACT_LIMIT.limit; sent++) await deliverContactMessage(MESSAGE, `2001:db8:9::${sent + 1}`);
    await expect(deliverContactMessage(MESSAGE, "2001:db8:9:0:ffff::1")).rejects.toMatchObject({ code: "RATE_LIMITED" });
    await deliverContactMessage(MESSAGE, "2001:db8:9:1::1");
  });
});
