import { beforeEach, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { createApiKey } from "../../app/lib/api/api-keys.server";
import { handleApiRequest } from "../../app/lib/api/dispatch.server";
import { API_ENDPOINTS } from "../../app/lib/api/endpoints.server";
import { API_SCOPE_NAMES } from "../../app/lib/api/scopes";
import { DATABASE_UNAVAILABLE_MESSAGE } from "../../app/lib/database-unavailable.server";
import { db } from "../../app/kernel/db.server";
import { answerEmbedJoin } from "../../app/lib/embed/embed-join.server";
import { answerJoinForm } from "../../app/lib/waitlist/join/join-answer.server";
import { THROWAWAY_ADDRESS_MESSAGE } from "../../app/lib/waitlist/throwaway-domains.server";
import { whileDatabaseIsDown } from "../database-down";
import { resetDatabase } from "../db-reset";
import { ADULT_BIRTH } from "../factories";

// Every door of the join (the site's form with or without JavaScript — the join route's
// action calls answerJoinForm —, the embedded form, the API) answers one
// cause with one status (ADR 0061): 503 + Retry-After when the database is down or the
// join queue is full, the rule's own 4xx for a refusal.

let secret: string;

beforeEach(async () => {
  await resetDatabase();
  await db.insert(users).values({ id: "admin-1", name: "Admin", email: "boss@example.com", role: "admin" });
  secret = (await createApiKey({ name: "Shop", scopes: API_SCOPE_NAMES }, "admin-1")).secret;
});

type DoorAnswer = { status: number; retryAfter: string | null; message: string };

function formPost(email: string, clientIp: string): Promise<DoorAnswer> {
  const body = new URLSearchParams({ email, ...ADULT_BIRTH });
  return answerJoinForm(body, { clientIp, userAgent: null, siteLanguage: "en", cookieHeader: null, signedInEmail: null, requestId: "test" }).then((answer) =>
    answer.kind === "refused"
      ? { status: answer.status, retryAfter: answer.headers?.["Retry-After"] ?? null, message: answer.data.formError ?? "" }
      : { status: 302, retryAfter: null, message: "" },
  );
}

function embedPost(email: string, clientIp: string): Promise<DoorAnswer> {
  return answerEmbedJoin({ email, ...ADULT_BIRTH }, { clientIp, userAgent: null, siteLanguage: "en", requestId: "test" }).then((answer) => ({
    status: answer.status,
    retryAfter: answer.headers?.["Retry-After"] ?? null,
    message: "error" in answer.body ? answer.body.error : "",
  }));
}

async function apiPost(email: string, clientIp: string): Promise<DoorAnswer> {
  const request = new Request("http://localhost:3000/api/v1/members", {
    method: "POST",
    headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" },
    body: JSON.stringify({ email, clientIp, ...ADULT_BIRTH }),
  });
  const response = await handleApiRequest(request, API_ENDPOINTS, { clientIp: "192.0.2.1" });
  const body = (await response.json()) as { detail?: string };
  return { status: response.status, retryAfter: response.headers.get("Retry-After"), message: body.detail ?? "" };
}

const DOORS = { form: formPost, embed: embedPost, api: apiPost };

describe.each(Object.entries(DOORS))("the %s door", (_door, post) => {
  it("answers 503 with Retry-After while the database is down, and joins again once it is back", async () => {
    const down = await whileDatabaseIsDown(() => post("kai@example.com", "198.51.100.20"));
    expect(down).toEqual({ status: 503, retryAfter: "5", message: DATABASE_UNAVAILABLE_MESSAGE });
    const back = await post("kai@example.com", "198.51.100.20");
    expect(back.status).toBeLessThan(300 + 3); // 200, 201 or the form's 302
    expect(back.retryAfter).toBeNull();
  });

  it("answers 503 with Retry-After when its sender's share of the join queue is full, never 500, while another sender joins", async () => {
    const flood = Array.from({ length: 150 }, (_, index) => post(`flood${index}@example.com`, "203.0.113.7"));
    const calm = post("calm@example.com", "198.51.100.4");
    const answers = await Promise.all(flood);
    const full = answers.filter((answer) => answer.status === 503);
    expect(full.length).toBeGreaterThanOrEqual(50);
    for (const answer of full) expect(answer).toMatchObject({ retryAfter: expect.stringMatching(/^[1-9]\d*$/), message: DATABASE_UNAVAILABLE_MESSAGE });
    expect(answers.filter((answer) => answer.status >= 500 && answer.status !== 503)).toEqual([]);
    expect((await calm).status).toBeLessThan(303);
  });

  it("refuses a throwaway address with the same 400 and message, and stores nothing", async () => {
    const refused = await post("someone@mailinator.com", "198.51.100.30");
    expect(refused).toEqual({ status: 400, retryAfter: null, message: THROWAWAY_ADDRESS_MESSAGE });
  });
});
