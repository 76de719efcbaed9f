import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { requestWithCookie, signInAs } from "../../../tests/auth-helpers";
import { resetDatabase } from "../../../tests/db-reset";
import { expectLoggedError } from "../../../tests/setup/no-console-errors";
import { AppError } from "../../kernel/errors";
import { adminAction } from "./admin-action.server";

const context = { requestId: "test-request" };
const Schema = z.object({ name: z.string({ error: "Name is required" }).trim().max(10, "Name is too long") });
const failure = { title: "Update Failed", lead: "Could not save the thing. " };

let adminCookie = "";

beforeAll(async () => {
  await resetDatabase();
  adminCookie = await signInAs("admin@example.com");
});

function post(body: BodyInit, headers: Record<string, string> = {}) {
  return requestWithCookie("/admin/thing", adminCookie, { method: "POST", body, headers });
}

async function answer(result: Awaited<ReturnType<typeof adminAction>>) {
  return { status: result.init?.status ?? 200, ...result.data };
}

describe("adminAction", () => {
  it("runs the domain call with the parsed input and answers the success toast", async () => {
    let received: unknown;
    const result = await answer(
      await adminAction({ request: post(new URLSearchParams({ name: "  Comet  " })), context }, {
        section: "overview",
        schema: Schema,
        failure,
        run: async (input) => {
          received = input;
          return { title: "Saved!", description: "The thing is saved." };
        },
      }),
    );
    expect(received).toEqual({ name: "Comet" });
    expect(result).toMatchObject({ status: 200, ok: true, toast: { kind: "success", title: "Saved!", description: "The thing is saved." } });
  });

  it("refuses invalid input with the schema's message, a 400 and no domain call", async () => {
    let calls = 0;
    const run = async () => {
      calls++;
      return { title: "Saved!" };
    };
    const tooLong = await answer(await adminAction({ request: post(new URLSearchParams({ name: "x".repeat(11) })), context }, { section: "overview", schema: Schema, failure, run }));
    expect(tooLong).toMatchObject({ status: 400, ok: false, toast: { title: "Update Failed", description: "Could not save the thing. Name is too long" } });
    expect(tooLong.form?.error?.name).toEqual(["Name is too long"]);
    const missing = await answer(await adminAction({ request: post(new URLSearchParams()), context }, { section: "overview", schema: Schema, failure, run }));
    expect(missing).toMatchObject({ status: 400, toast: { description: "Could not save the thing. Name is required" } });
    expect(calls).toBe(0);
  });

  it("answers an unreadable body with a 400, not a 500", async () => {
    const result = await answer(
      await adminAction({ request: post("%%%not a form", { "content-type": "multipart/form-data; boundary=nothing" }), context }, {
        section: "overview",
        schema: Schema,
        failure,
        run: async () => ({ title: "Saved!" }),
      }),
    );
    expect(result).toMatchObject({ status: 400, ok: false });
  });

  it("turns an AppError into its message and status", async () => {
    const result = await answer(
      await adminAction({ request: post(new URLSearchParams({ name: "Comet" })), context }, {
        section: "overview",
        schema: Schema,
        failure: () => ({ title: "Deletion Failed" }),
        run: async () => {
          throw new AppError("NOT_FOUND", "This thing no longer exists.");
        },
      }),
    );
    expect(result).toMatchObject({ status: 404, ok: false, toast: { kind: "error", title: "Deletion Failed", description: "This thing no longer exists." } });
    expect(result.form?.error?.[""]).toEqual(["This thing no longer exists."]);
  });

  it("logs an unexpected error once and answers 500 without its text", async () => {
    expectLoggedError(/"requestId":"test-request".*"message":"admin change failed"/);
    const result = await answer(
      await adminAction({ request: post(new URLSearchParams({ name: "Comet" })), context }, {
        section: "overview",
        schema: Schema,
        failure,
        run: async () => {
          throw new Error("connection refused: secret details");
        },
      }),
    );
    expect(result).toMatchObject({ status: 500, ok: false, toast: { description: "Could not save the thing. Please try again." } });
    expect(JSON.stringify(result)).not.toMatch(/secret details/);
  });

  it("sends a signed-out request to the login page before reading anything", async () => {
    const request = requestWithCookie("/admin/thing", undefined, { method: "POST", body: new URLSearchParams({ name: "Comet" }) });
    await expect(adminAction({ request, context }, { section: "overview", schema: Schema, failure, run: async () => ({ title: "Saved!" }) })).rejects.toMatchObject({ status: 302 });
  });
});
