import { apiKeyActor } from "../../audit/actor";
import { AppError } from "../../../kernel/errors";
import { AudienceSchema } from "../../launch/audience";
import { broadcastHtml, broadcastSubject, BroadcastTranslationsSchema } from "../../launch/broadcasts/broadcast.schema";
import { controlBroadcast, createBroadcast, getBroadcast, listBroadcasts, type BroadcastListing } from "../../launch/broadcasts/broadcasts.server";
import { defineEndpoint } from "../endpoint.server";
import { z } from "../zod";

const BroadcastSchema = z
  .object({
    id: z.number().int(),
    subject: z.string().openapi({ description: "As written, placeholders included." }),
    audience: z.string().openapi({ description: 'Who it goes to, in words: "Every confirmed member".' }),
    status: z.enum(["scheduled", "sending", "paused", "cancelled", "finished"]),
    recipients: z.number().int().openapi({ description: "Members with a confirmed address in the audience when it was created." }),
    rehearsal: z.boolean().openapi({ description: "Created in rehearsal mode: its messages stay in the back office." }),
    scheduledAt: z.string().openapi({ description: "When it starts (or started) sending, ISO 8601." }),
    finishedAt: z.string().nullable(),
    progress: z
      .object({
        queued: z.number().int(),
        waiting: z.number().int(),
        sent: z.number().int(),
        failed: z.number().int(),
        suppressed: z.number().int().openapi({ description: "Not sent: the address unsubscribed or bounced." }),
        skipped: z.number().int().openapi({ description: "Not sent: the member was blocked or left, or the broadcast was cancelled." }),
      })
      .openapi("BroadcastProgress"),
  })
  .openapi("Broadcast");

const toBroadcast = (row: BroadcastListing): z.input<typeof BroadcastSchema> => ({
  id: row.id,
  subject: row.subject,
  audience: row.description,
  status: row.status,
  recipients: row.audienceCount,
  rehearsal: row.rehearsal,
  scheduledAt: row.scheduledAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  progress: row.progress,
});

const BroadcastIdParams = z.object({ id: z.coerce.number({ error: "Not a broadcast id." }).int("Not a broadcast id.").positive("Not a broadcast id.").max(Number.MAX_SAFE_INTEGER).openapi({ param: { name: "id", in: "path" } }) });

// The form's own field schemas (made before the API's zod carries .openapi, so they go in as they are).
const BroadcastBodySchema = z
  .object({
    subject: broadcastSubject,
    html: broadcastHtml,
    // The translations (ADR 0076), a version per language other than English, with the same limits.
    translations: BroadcastTranslationsSchema.optional(),
    // Deprecated, kept for existing integrations: the Spanish version as two fields (ADR 0054, 0057); both or neither.
    subjectEs: broadcastSubject.optional().openapi({ deprecated: true, description: "Deprecated: use translations.es.subject." }),
    htmlEs: broadcastHtml.optional().openapi({ deprecated: true, description: "Deprecated: use translations.es.html." }),
    audience: AudienceSchema,
    scheduledAt: z.iso.datetime({ offset: true, message: "Give scheduledAt as an ISO 8601 date and time." }).optional().openapi({ description: "When to start; absent: now." }),
  })
  .superRefine((body, ctx) => {
    if ((body.subjectEs === undefined) !== (body.htmlEs === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [body.subjectEs === undefined ? "subjectEs" : "htmlEs"],
        message: "Give both subjectEs and htmlEs (the Spanish version), or neither to send the English to everyone.",
      });
    }
    if (body.subjectEs !== undefined && body.translations?.es !== undefined) {
      ctx.addIssue({ code: "custom", path: ["subjectEs"], message: "Give the Spanish version once: in translations.es, or (deprecated) as subjectEs and htmlEs." });
    }
  })
  .openapi("BroadcastBody", {
    description:
      "`subject` is plain text; `html` is sanitised like site text. Both may use {{CREW_NAME}}, {{PLACE_IN_LINE}} and {{POINTS}}; `html` also {{REFERRAL_LINK}}, and {{INVITE_LINK}} when the audience is a wave. `translations` (optional) holds a version per language other than English, keyed by language (\"es\"), each a `subject` and an `html` with the same limits and placeholders: members whose language it is get it, in an e-mail in that language; members whose language has none get the English. `subjectEs` and `htmlEs` (deprecated: both or neither) are the Spanish version the older way. `audience` is one of: {kind: \"confirmed\"}, {kind: \"top_all_time\", count}, {kind: \"top_month\", count}, {kind: \"first_joined\", count}, {kind: \"tag\", tag}, {kind: \"season_winners\", season: \"2026-10-01\"}, {kind: \"wave\", waveId}, {kind: \"members\", memberIds}; only members with a confirmed address get it, never an unsubscribed or bounced one.",
  });

async function found(id: number) {
  const broadcast = await getBroadcast(id);
  if (!broadcast) throw new AppError("NOT_FOUND", "No broadcast has this id.");
  return broadcast;
}

const control = (name: "pause" | "resume" | "cancel", summary: string) =>
  defineEndpoint({
    method: "post",
    path: `/broadcasts/{id}/${name}`,
    operationId: `${name}Broadcast`,
    summary,
    description: "Takes effect for every app process at the next message. Recorded in the audit log with the API key.",
    tag: "Broadcasts",
    scope: "broadcasts:write",
    params: BroadcastIdParams,
    response: BroadcastSchema,
    errors: [400, 404, 409],
    handle: async ({ params }, { key }) => {
      await controlBroadcast(params.id, name, apiKeyActor(key));
      return toBroadcast(await found(params.id));
    },
  });

export const broadcastEndpoints = [
  defineEndpoint({
    method: "get",
    path: "/broadcasts",
    operationId: "listBroadcasts",
    summary: "List broadcasts",
    description: "The 100 newest, with where their messages are.",
    tag: "Broadcasts",
    scope: "broadcasts:read",
    response: z.object({ data: z.array(BroadcastSchema) }).openapi("BroadcastList"),
    handle: async () => ({ data: (await listBroadcasts({ limit: 100 })).map(toBroadcast) }),
  }),
  defineEndpoint({
    method: "get",
    path: "/broadcasts/{id}",
    operationId: "getBroadcast",
    summary: "Get a broadcast and its progress",
    tag: "Broadcasts",
    scope: "broadcasts:read",
    params: BroadcastIdParams,
    response: BroadcastSchema,
    errors: [400, 404],
    handle: async ({ params }) => toBroadcast(await found(params.id)),
  }),
  defineEndpoint({
    method: "post",
    path: "/broadcasts",
    operationId: "createBroadcast",
    summary: "Send or schedule a broadcast",
    description:
      "Checked before anything is queued: an audience that names nobody with a confirmed address, an unknown placeholder or a template that cannot render is refused (400). Each member gets exactly one message, at the site's sending pace. Recorded in the audit log with the API key.",
    tag: "Broadcasts",
    scope: "broadcasts:write",
    body: BroadcastBodySchema,
    response: BroadcastSchema,
    status: 201,
    errors: [400],
    handle: async ({ body }, { key }) => {
      const { subjectEs, htmlEs, translations: given, ...english } = body;
      const translations = subjectEs !== undefined && htmlEs !== undefined ? { ...given, es: { subject: subjectEs, html: htmlEs } } : given;
      const created = await createBroadcast({ ...english, translations, scheduledAt: body.scheduledAt ? new Date(body.scheduledAt) : undefined }, apiKeyActor(key));
      return toBroadcast(await found(created.id));
    },
  }),
  control("pause", "Pause a broadcast"),
  control("resume", "Resume a paused broadcast"),
  control("cancel", "Cancel a broadcast"),
];
