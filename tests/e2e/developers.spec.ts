// The Developers screen: an admin creates a scoped API key (shown once), a script uses
// it against /api/v1, and revoking it locks the script out.
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { describe, it } from "node:test";
import { closePage, joinWaitlist, newPage, poll, signIn, unique, waitForHydration, withServerAndBrowser } from "./fixtures";

const e2e = withServerAndBrowser();

describe("API keys", () => {
  it("creates a key shown once, which reads members until it is revoked", async () => {
    const admin = await newPage(e2e.browser);
    await signIn(admin, e2e.server.origin, "admin@example.com");
    await admin.goto(`${e2e.server.origin}/admin/developers`);
    await waitForHydration(admin);
    await admin.getByLabel("Name").fill("Online shop");
    await admin.getByLabel("members:read").check();
    await admin.getByRole("button", { name: "Create key" }).click();
    await admin.getByText("Key Created!").waitFor();
    const secret = await admin.getByTestId("new-api-key").inputValue();
    assert.match(secret, /^lc_[0-9a-z]{10}_[A-Za-z0-9_-]{43}$/);
    const row = admin.getByTestId("api-key").filter({ hasText: "Online shop" });
    await row.waitFor();
    assert.ok(!(await row.innerText()).includes(secret.slice(14)), "the list never shows the secret");

    const members = await fetch(`${e2e.server.origin}/api/v1/members?limit=2`, { headers: { Authorization: `Bearer ${secret}` } });
    assert.equal(members.status, 200);
    const page = (await members.json()) as { data: { email: string }[] };
    assert.equal(page.data.length, 2);
    const write = await fetch(`${e2e.server.origin}/api/v1/members`, {
      method: "POST",
      headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" },
      body: JSON.stringify({ email: "shop.customer@example.com" }),
    });
    assert.equal(write.status, 403, "the key was given read access only");

    await admin.reload();
    await admin.getByTestId("api-key").filter({ hasText: "Online shop" }).getByTestId("api-key-last-used").getByText("Never").waitFor({ state: "detached" });
    await admin.getByRole("button", { name: "Revoke Online shop" }).click();
    await admin.getByText("Key Revoked").waitFor();
    await admin.getByTestId("api-key").filter({ hasText: "Online shop" }).getByText("Revoked").waitFor();
    const refused = await fetch(`${e2e.server.origin}/api/v1/members`, { headers: { Authorization: `Bearer ${secret}` } });
    assert.equal(refused.status, 401);
    assert.equal(refused.headers.get("Content-Type"), "application/problem+json");
    await closePage(admin);
  });
});

describe("the API reference", () => {
  it("lists every operation of the OpenAPI document", async () => {
    const document = (await (await fetch(`${e2e.server.origin}/api/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.values(document.paths).reduce((sum, methods) => sum + Object.keys(methods).length, 0);
    const page = await newPage(e2e.browser);
    await page.goto(`${e2e.server.origin}/api/docs`);
    assert.match((await page.locator("h1").innerText()).trim(), /API reference$/);
    assert.equal(await page.getByTestId("api-operation").count(), operations);
    await page.getByRole("link", { name: /POST \/members/ }).click();
    assert.equal(new URL(page.url()).hash, "#createMember");
    await closePage(page);
  });
});

describe("webhooks", () => {
  it("sends a signed test event and a join to a registered endpoint, and logs the answers", async () => {
    let secret = "";
    const received: { id: string; type: string; data: Record<string, unknown> }[] = [];
    const receiver = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        try {
          const event = new Webhook(secret).verify(body, request.headers as Record<string, string>) as { type: string; data: Record<string, unknown> };
          received.push({ id: String(request.headers["webhook-id"]), ...event });
          response.writeHead(204).end();
        } catch {
          response.writeHead(401).end();
        }
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    const admin = await newPage(e2e.browser);
    try {
      await signIn(admin, e2e.server.origin, "admin@example.com");
      await admin.goto(`${e2e.server.origin}/admin/developers`);
      await waitForHydration(admin);
      await admin.getByLabel("Endpoint URL").fill(url);
      await admin.getByLabel("member.joined").check();
      await admin.getByRole("button", { name: "Add endpoint" }).click();
      await admin.getByText("Endpoint Added!").waitFor();
      const card = admin.getByTestId("webhook-endpoint").filter({ hasText: url });
      await card.getByText("Signing secret").click();
      await card.getByRole("button", { name: `Reveal the signing secret of ${url}` }).click();
      secret = (await card.getByTestId("webhook-secret").textContent()) ?? "";
      assert.match(secret, /^whsec_/);

      await card.getByRole("button", { name: `Send a test event to ${url}` }).click();
      await poll(async () => received.find((event) => event.type === "webhook.test"), { timeoutMs: 10_000, describe: () => "the signed test event never arrived" });

      const visitor = await newPage(e2e.browser, { clientAddress: "198.51.100.77" });
      const email = `hook${unique()}@example.com`;
      await visitor.goto(`${e2e.server.origin}/join-waitlist`);
      await joinWaitlist(visitor, email);
      const joined = await poll(async () => received.find((event) => event.type === "member.joined" && event.data.email === email), {
        timeoutMs: 10_000,
        describe: () => `member.joined never arrived (got ${received.map((event) => event.type).join(", ")})`,
      });
      assert.ok(joined.id.startsWith("msg_"));
      await closePage(visitor);

      await admin.reload();
      const log = admin.getByTestId("webhook-endpoint").filter({ hasText: url }).getByTestId("webhook-delivery");
      await log.filter({ hasText: "member.joined" }).filter({ hasText: "delivered" }).filter({ hasText: "204" }).waitFor();
    } finally {
      await closePage(admin);
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
