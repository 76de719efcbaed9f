import { and, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvents, emailOutbox, memberImports, pointsLedger, waitlistUsers } from "../../db/schema";
import { requestWithCookie, signInAs } from "../auth-helpers";
import { resetDatabase } from "../db-reset";
import { db } from "~/kernel/db.server";
import { isAppError } from "~/kernel/errors";
import { getMemberImport, listImportProblems } from "~/lib/imports/import-check.server";
import { importNextBatch, IMPORT_STARTED_ELSEWHERE_MESSAGE, startImport } from "~/lib/imports/import-run.server";
import { emailHashOf, suppressEmailHash } from "~/lib/email/suppression.server";
import { createTransport } from "~/lib/email/transport.server";
import { deliverDueEmails } from "~/lib/email/worker.server";
import { getEnv } from "~/kernel/env.server";
import { joinWaitlist } from "~/lib/waitlist/join/create-members.server";
import { action as waitlistEmailsAction } from "~/routes/admin/waitlist-emails";

const context = { cspNonce: "", requestId: "test", clientIp: "127.0.0.1" };
let adminCookie = "";
let adminId = "";

/** The screen's upload, as a browser posts it (multipart with the file). */
function upload(csv: string, cookie = adminCookie, name = "crew.csv"): Request {
  const form = new FormData();
  form.set("intent", "import-file");
  form.set("file", new Blob([csv], { type: "text/csv" }), name);
  return requestWithCookie("/admin/waitlist-emails", cookie, { method: "POST", body: form });
}

async function answer(request: Request): Promise<{ status: number; location: string | null; message?: string }> {
  let result: unknown;
  try {
    result = await waitlistEmailsAction({ request, params: {}, context } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location") };
  const { data, init } = result as { data: { toast?: { description?: string } }; init?: { status?: number } };
  return { status: init?.status ?? 200, location: null, message: data.toast?.description };
}

async function check(csv: string) {
  const response = await answer(upload(csv));
  expect(response.status).toBe(302);
  const id = new URL(response.location!, "http://x").searchParams.get("import")!;
  return (await getMemberImport(id))!;
}

async function runToEnd() {
  for (let guard = 0; guard < 1000 && (await importNextBatch()); guard += 1);
}

const memberCount = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(waitlistUsers))[0]!.n;

beforeAll(async () => {
  await resetDatabase();
  adminCookie = await signInAs("admin@example.com");
  adminId = (await db.execute<{ id: string }>(sql`select id from users where email = 'admin@example.com'`)).rows[0]!.id;
});

beforeEach(async () => {
  await db.delete(memberImports);
});

describe("CSV import: the dry run", () => {
  it("counts new, existing, invalid and throwaway lines with a reason for each, and changes nothing", async () => {
    await joinWaitlist({ email: "already.here@example.com" });
    const before = await memberCount();
    const checked = await check(
      [
        "Email,Referral Code,Points,Referrals Made,Confirmed,Blocked,Join Date,Tags,Notes",
        "new.one@example.com,newone123456,500,9,Yes,No,2026-01-01T00:00:00Z,vip; early,met at the fair",
        "Already.Here@example.com,,10,0,No,No,,,",
        "not an address,,,,,,,,",
        "throwaway@mailinator.com,,,,,,,,",
        "second.new@example.com,,,,maybe,No,,,",
        "New.One+again@example.com,,,,,,,,",
        '"quoted, new@example.com",,,,,,,,',
        "third.new@example.com,,,,,,,,",
      ].join("\r\n"),
    );
    expect(checked).toMatchObject({ status: "checked", fileName: "crew.csv", totalRows: 8, newRows: 2, existingRows: 2, invalidRows: 3, disposableRows: 1 });
    const problems = await listImportProblems(checked.id);
    expect(problems.map(({ line, outcome, reason }) => [line, outcome, reason])).toEqual([
      [3, "existing", "Already on the waitlist"],
      [4, "invalid", "Not a valid e-mail address"],
      [5, "disposable", "Throwaway domain (mailinator.com)"],
      [6, "invalid", "Confirmed must be Yes or No"],
      [7, "existing", "Also on line 2"],
      [8, "invalid", "Not a valid e-mail address"],
    ]);
    expect(await memberCount()).toBe(before);
  });

  it("reports lines with control characters, NUL included, as invalid instead of failing", async () => {
    const checked = await check("Email,Notes\nnul\u0000@example.com,\nok.line@example.com,bad\u0007note\n");
    expect(checked).toMatchObject({ totalRows: 2, newRows: 0, invalidRows: 2 });
    expect((await listImportProblems(checked.id)).map(({ email, reason }) => [email, reason])).toEqual([
      ["nul\uFFFD@example.com", "Not a valid e-mail address"],
      ["ok.line@example.com", "Notes hold invisible control characters"],
    ]);
  });

  it("takes a bare list of addresses (no header row), with a byte-order mark and blank lines", async () => {
    const checked = await check("\uFEFFplain.one@example.com\n\nplain.two@example.com\n");
    expect(checked).toMatchObject({ totalRows: 2, newRows: 2 });
  });

  it("refuses a file it cannot read, an empty file and a post without a file with a 400, and keeps nothing", async () => {
    for (const [body, message] of [
      ['Email\n"unclosed@example.com\n', /not CSV we can read/],
      // Broken on its first line: the parser fails while the check is still setting up.
      ['a,"b"c\n', /not CSV we can read/],
      ['x"y,"z\n'.repeat(3), /not CSV we can read/],
      ["Email\n", /lists no e-mail addresses/],
      ["", /lists no e-mail addresses/],
    ] as const) {
      const response = await answer(upload(body));
      expect(response.status).toBe(400);
      expect(response.message).toMatch(message);
    }
    const form = new FormData();
    form.set("intent", "import-file");
    const noFile = await answer(requestWithCookie("/admin/waitlist-emails", adminCookie, { method: "POST", body: form }));
    expect(noFile).toMatchObject({ status: 400, message: "Choose a CSV file to import." });
    expect(await db.select().from(memberImports)).toEqual([]);
  });

  it("sends an anonymous upload to the sign-in page and a member's to /unauthorized", async () => {
    expect((await answer(upload("a@example.com", ""))).location).toMatch(/^\/login\?redirectTo=/);
    expect((await answer(upload("a@example.com", await signInAs("crew.member@example.com")))).location).toMatch(/^\/unauthorized/);
    expect(await db.select().from(memberImports)).toEqual([]);
  });
});

describe("CSV import: the import", () => {
  it("adds the new lines with 10 points through the ledger, the file's and the chosen tags, audited line by line, without welcome e-mails", async () => {
    const checked = await check(["Email,Confirmed,Blocked,Tags,Notes", "imported.a@example.com,Yes,No,vip,hello", "imported.b@example.com,No,Yes,,", "bad"].join("\n"));
    const outboxBefore = (await db.select().from(emailOutbox)).length;
    await startImport(checked.id, { tags: ["spring fair", " vip "], sendWelcome: false }, adminId);
    await runToEnd();

    const [a] = await db.select().from(waitlistUsers).where(eq(waitlistUsers.email, "imported.a@example.com"));
    expect(a).toMatchObject({ points: 10, referralsMade: 0, confirmedEmail: true, isBlocked: false, tags: ["vip", "spring fair"], notes: "hello" });
    const [b] = await db.select().from(waitlistUsers).where(eq(waitlistUsers.email, "imported.b@example.com"));
    expect(b).toMatchObject({ points: 10, confirmedEmail: false, isBlocked: true, tags: ["spring fair", "vip"] });
    expect(await db.select({ delta: pointsLedger.delta, reason: pointsLedger.reason }).from(pointsLedger).where(eq(pointsLedger.memberId, a!.id))).toEqual([{ delta: 10, reason: "signup" }]);
    const audited = await db.select().from(auditEvents).where(eq(auditEvents.action, "member.imported"));
    expect(audited.map((row) => [row.targetId, row.actorName]).sort()).toEqual([[a!.id, "admin@example.com"], [b!.id, "admin@example.com"]].sort());
    expect((await db.select().from(emailOutbox)).length).toBe(outboxBefore);
    expect(await getMemberImport(checked.id)).toMatchObject({ status: "imported", importedRows: 2, skippedRows: 0 });
  });

  it("sends the welcome e-mail to each new member when chosen", async () => {
    const checked = await check("welcomed.one@example.com\nwelcomed.two@example.com");
    await startImport(checked.id, { tags: [], sendWelcome: true }, adminId);
    await runToEnd();
    const welcomes = await db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, "welcome"), sql`${emailOutbox.toAddress} like 'welcomed.%'`));
    expect(welcomes.map((row) => row.toAddress).sort()).toEqual(["welcomed.one@example.com", "welcomed.two@example.com"]);
  });

  it("does not subscribe an unsubscribed address again: the member is imported, the welcome e-mail is suppressed (ADR 0044)", async () => {
    await suppressEmailHash(emailHashOf("left.us@example.com"), "unsubscribed");
    const checked = await check("Left.Us+fair@example.com");
    await startImport(checked.id, { tags: [], sendWelcome: true }, adminId);
    await runToEnd();
    await deliverDueEmails(createTransport(getEnv()));
    const [welcome] = await db.select({ status: emailOutbox.status }).from(emailOutbox).where(eq(emailOutbox.toAddress, "left.us+fair@example.com"));
    expect(welcome).toEqual({ status: "suppressed" });
    expect(await db.select({ id: waitlistUsers.id }).from(waitlistUsers).where(eq(waitlistUsers.email, "left.us+fair@example.com"))).toHaveLength(1);
  });

  it("reads each line's language from the export's Language column (its English name, its code or its own name) and welcomes each member in it", async () => {
    const checked = await check(
      ["Email,Language", "lengua.uno@example.com,Spanish", "lengua.dos@example.com,es", "lengua.tres@example.com,Español", "lengua.cuatro@example.com,", "lengua.cinco@example.com,English", "lengua.seis@example.com,Klingon"].join("\n"),
    );
    expect((await listImportProblems(checked.id)).map(({ email, reason }) => [email, reason])).toEqual([["lengua.seis@example.com", "Language must be English or Spanish"]]);
    await startImport(checked.id, { tags: [], sendWelcome: true }, adminId);
    await runToEnd();
    const members = await db.select({ email: waitlistUsers.email, language: waitlistUsers.language }).from(waitlistUsers).where(sql`${waitlistUsers.email} like 'lengua.%'`);
    expect(Object.fromEntries(members.map((row) => [row.email.split("@")[0], row.language]))).toEqual({
      "lengua.uno": "es",
      "lengua.dos": "es",
      "lengua.tres": "es",
      "lengua.cuatro": "en",
      "lengua.cinco": "en",
    });
    const sent: { to: string; subject: string }[] = [];
    await db.update(emailOutbox).set({ nextAttemptAt: sql`now()` });
    await deliverDueEmails({ kind: "local", send: async (message) => void sent.push(message), close: () => undefined });
    expect(sent.find((mail) => mail.to === "lengua.uno@example.com")?.subject).toMatch(/^¡Te damos la bienvenida a /);
    expect(sent.find((mail) => mail.to === "lengua.cuatro@example.com")?.subject).toMatch(/^Welcome to /);
  });

  it("starts once: a second start is refused with a 409", async () => {
    const checked = await check("once.only@example.com");
    await startImport(checked.id, { tags: [], sendWelcome: false }, adminId);
    const second = await startImport(checked.id, { tags: [], sendWelcome: false }, adminId).catch((error: unknown) => error);
    expect(isAppError(second) && [second.status, second.userMessage]).toEqual([409, IMPORT_STARTED_ELSEWHERE_MESSAGE]);
    await runToEnd();
  });

  it("skips a line whose person joined after the check, and keeps a referral code only while it is free", async () => {
    const taken = await joinWaitlist({ email: "code.owner@example.com" });
    const checked = await check(["Email,Referral Code", "late.joiner@example.com,", `code.reuser@example.com,${taken.member.referralCode}`, "code.keeper@example.com,keeper123abc"].join("\n"));
    await joinWaitlist({ email: "late.joiner@example.com" });
    await startImport(checked.id, { tags: [], sendWelcome: false }, adminId);
    await runToEnd();
    expect(await getMemberImport(checked.id)).toMatchObject({ importedRows: 2, skippedRows: 1 });
    const codes = Object.fromEntries((await db.select({ email: waitlistUsers.email, code: waitlistUsers.referralCode }).from(waitlistUsers)).map((row) => [row.email, row.code]));
    expect(codes["code.keeper@example.com"]).toBe("keeper123abc");
    expect(codes["code.reuser@example.com"]).not.toBe(taken.member.referralCode);
  });

  it("imports each line exactly once when several workers run at the same time, in batches", async () => {
    const lines = Array.from({ length: 1234 }, (_, index) => `batch.${index}@example.com`);
    const checked = await check(lines.join("\n"));
    const before = await memberCount();
    await startImport(checked.id, { tags: [], sendWelcome: false }, adminId);
    await Promise.all([runToEnd(), runToEnd(), runToEnd()]);
    expect(await memberCount()).toBe(before + 1234);
    expect(await getMemberImport(checked.id)).toMatchObject({ status: "imported", importedRows: 1234, skippedRows: 0 });
    const ledger = await db.execute<{ n: number }>(sql`select count(*)::int as n from points_ledger l join waitlist_users u on u.id = l.member_id where u.email like 'batch.%'`);
    expect(ledger.rows[0]!.n).toBe(1234);
  });
});
