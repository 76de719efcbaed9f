import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { CirclePause, CirclePlay, Eye, Save, Send, XCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import type { Route } from "./+types/broadcasts";
import { adminClientAction, useAdminForm } from "~/components/admin/admin-form";
import { RichTextEditor } from "~/components/admin/rich-text-editor";
import { FormField } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Progress } from "~/components/ui/progress";
import { adminAction } from "~/lib/admin/admin-action.server";
import type { FailureToast } from "~/lib/admin/action-result";
import { versionOf } from "~/lib/admin/version";
import { adminActor } from "~/lib/audit/actor";
import { requireStaff } from "~/lib/auth/guards.server";
import { canAccess } from "~/lib/auth/roles";
import { sampleAudience } from "~/lib/launch/audience.server";
import { BroadcastFormSchema, translationField } from "~/lib/launch/broadcasts/broadcast.schema";
import { broadcastAudienceChoices, controlBroadcast, createBroadcast, listBroadcasts, previewBroadcast, sendBroadcastTest } from "~/lib/launch/broadcasts/broadcasts.server";
import { broadcastFromCompose } from "~/lib/launch/broadcasts/compose-input.server";
import { BROADCAST_PLACEHOLDERS } from "~/lib/launch/broadcasts/placeholders";
import { BROADCAST_PACE } from "~/lib/launch/pace";
import { seasonLabel, seasonParamOf } from "~/lib/seasons/season-calendar";
import { getSiteSettings, saveSiteSettings } from "~/lib/settings/settings.server";
import { LanguageOptions } from "~/components/admin/language-options";
import { ContentLanguageTabs } from "~/components/admin/content-language-tabs";
import { requireContentLanguage } from "~/lib/content/content-language.server";
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, TRANSLATED_LANGUAGES, type Language } from "~/kernel/i18n/languages";
import { cn } from "~/lib/utils";

export { adminShouldRevalidate as shouldRevalidate } from "~/lib/admin/revalidation";

export const meta: Route.MetaFunction = () => [{ title: "Broadcasts | Admin" }];

function failure(form: FormData): FailureToast {
  switch (form.get("intent")) {
    case "preview":
      return { title: "Preview Failed", lead: "Could not count the audience. " };
    case "send-test":
      return { title: "Send Failed", lead: "Could not send the test email. " };
    case "create":
      return { title: "Broadcast Failed", lead: "Could not start the broadcast. " };
    case "pace":
      return { title: "Update Failed", lead: "Could not save the sending pace. " };
    default:
      return { title: "Update Failed", lead: "Could not change the broadcast. " };
  }
}

const POLL_MS = 3000;

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireStaff(request, "broadcasts");
  const language = requireContentLanguage(request);
  const [broadcasts, choices, settings] = await Promise.all([listBroadcasts(), broadcastAudienceChoices(), getSiteSettings(["broadcastMessagesPerMinute", "rehearsalMode", "siteTimeZone"])]);
  return {
    broadcasts: broadcasts.map((row) => ({
      id: row.id,
      subject: row.subject,
      description: row.description,
      status: row.status,
      audienceCount: row.audienceCount,
      rehearsal: row.rehearsal,
      scheduledAt: row.scheduledAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      progress: row.progress,
      takenOver: row.takenOver,
    })),
    choices,
    language,
    pace: { perMinute: String(settings.broadcastMessagesPerMinute) },
    isRehearsal: settings.rehearsalMode,
    timeZone: settings.siteTimeZone,
    canSend: canAccess(staff.role, "broadcasts", "edit"),
    version: versionOf(settings.broadcastMessagesPerMinute),
  };
}

export async function action(args: Route.ActionArgs) {
  return adminAction(args, {
    section: "broadcasts",
    schema: BroadcastFormSchema,
    failure,
    keepEmptyFields: true,
    run: async (input, admin) => {
      const actor = adminActor(admin);
      switch (input.intent) {
        case "pace":
          await saveSiteSettings({ broadcastMessagesPerMinute: input.perMinute }, admin.id);
          return { title: "Pace Updated!", description: `Broadcasts now go at ${input.perMinute.toLocaleString("en-US")} messages a minute.` };
        case "pause":
        case "resume":
        case "cancel": {
          const row = await controlBroadcast(input.broadcastId, input.intent, actor);
          const done = { pause: "paused", resume: "resumed", cancel: "cancelled" }[input.intent];
          return { title: `Broadcast ${done[0]!.toUpperCase()}${done.slice(1)}`, description: `"${row.subject}" is ${row.status}.` };
        }
        case "preview": {
          const preview = await previewBroadcast(await broadcastFromCompose(input));
          const sample = await sampleAudience(preview.audience, 5);
          return {
            title: "Audience Counted",
            description: `${preview.recipients.toLocaleString("en-US")} ${preview.recipients === 1 ? "member" : "members"} with a confirmed address.`,
            value: {
              recipients: preview.recipients,
              description: preview.description,
              sample: sample.map((row) => ({ crewName: row.crewName, points: row.points })),
              // Who gets which version, with the subject each will read.
              versions: [
                {
                  language: LANGUAGE_NAMES[DEFAULT_LANGUAGE],
                  subject: preview.sample.subject,
                  members: preview.recipients - preview.translations.reduce((sum, translation) => sum + translation.recipients, 0),
                },
                ...preview.translations.map((translation) => ({ language: LANGUAGE_NAMES[translation.language], subject: translation.sample.subject, members: translation.recipients })),
              ],
            },
          };
        }
        case "send-test": {
          const broadcast = await broadcastFromCompose(input);
          await sendBroadcastTest(broadcast, admin.email);
          const translated = TRANSLATED_LANGUAGES.filter((language) => broadcast.translations?.[language]).map((language) => LANGUAGE_NAMES[language]);
          return {
            title: "Test Sent!",
            description:
              translated.length > 0
                ? `The broadcast in ${[LANGUAGE_NAMES[DEFAULT_LANGUAGE], ...translated].join(" and in ")} is on its way to ${admin.email}, filled in for a sample member.`
                : `The broadcast is on its way to ${admin.email}, filled in for a sample member.`,
          };
        }
        case "create": {
          const created = await createBroadcast(await broadcastFromCompose(input), actor);
          return {
            title: created.status === "scheduled" ? "Broadcast Scheduled!" : "Broadcast Started!",
            description: `${created.audienceCount.toLocaleString("en-US")} ${created.audienceCount === 1 ? "member" : "members"} will get "${created.subject}".`,
          };
        }
      }
    },
  });
}

export const clientAction = adminClientAction(failure);

type Preview = {
  recipients: number;
  description: string;
  sample: { crewName: string; points: number }[];
  versions: { language: string; subject: string; members: number }[];
};
type Choices = Route.ComponentProps["loaderData"]["choices"];

const SELECT_CLASS = "h-10 rounded-md border border-input bg-background px-3 text-sm";

function ComposeForm({ choices, timeZone, language }: { choices: Choices; timeZone: string; language: Language }) {
  const { form, fields, fetcher, formProps, isSaving, result } = useAdminForm({
    id: "broadcast-compose",
    schema: BroadcastFormSchema,
    failure,
    keepEmptyFields: true,
    defaultValue: { intent: "create", audienceKind: "confirmed", when: "now" } as never,
  });
  const all = fields as unknown as Record<string, FieldMetadata<string | undefined>>;
  const [kind, setKind] = useState("confirmed");
  const [when, setWhen] = useState("now");
  const pending = fetcher.formData?.get("intent");
  const preview = result?.value as Preview | undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle>New broadcast</CardTitle>
        <CardDescription>
          Only members who confirmed their address get it; unsubscribed and bounced addresses are skipped, and every message carries an unsubscribe
          link. Use{" "}
          {Object.entries(BROADCAST_PLACEHOLDERS).map(([placeholder, meaning], index, list) => (
            <span key={placeholder}>
              <code className="rounded bg-muted px-1" title={meaning}>{placeholder}</code>
              {index < list.length - 1 ? ", " : ""}
            </span>
          ))}
          .
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form key={form.id} {...formProps} className="space-y-4">
          <fieldset disabled={isSaving} className="space-y-4">
            {/* Both versions are always in the form (a tab only shows one), so switching tabs keeps both drafts. */}
            <ContentLanguageTabs language={language} />
            <div className={cn("space-y-4", language !== "en" && "hidden")} data-testid="compose-en">
              <FormField field={all.subject!} label="Subject">
                <Input {...getInputProps(all.subject!, { type: "text" })} maxLength={200} />
              </FormField>
              <div className="grid gap-1.5">
                <Label htmlFor={all.html!.id}>Message</Label>
                <RichTextEditor field={all.html!} label="Message" minHeight={200} disabled={isSaving} />
                {all.html!.errors?.[0] && <p id={all.html!.errorId} className="text-sm font-semibold text-destructive">{all.html!.errors[0]}</p>}
              </div>
            </div>
            {TRANSLATED_LANGUAGES.map((translated) => {
              const name = LANGUAGE_NAMES[translated];
              const subject = all[translationField("subject", translated)]!;
              const html = all[translationField("html", translated)]!;
              return (
                <div key={translated} className={cn("space-y-4", language !== translated && "hidden")} data-testid={`compose-${translated}`}>
                  <p className="text-sm text-muted-foreground">
                    Optional. Members whose language is {name} get this version; leave both empty and everyone gets the English.
                  </p>
                  <FormField field={subject} label={`${name} subject`}>
                    <Input {...getInputProps(subject, { type: "text" })} maxLength={200} lang={translated} />
                  </FormField>
                  <div className="grid gap-1.5">
                    <Label htmlFor={html.id}>{name} message</Label>
                    <RichTextEditor field={html} label={`${name} message`} minHeight={200} disabled={isSaving} />
                    {html.errors?.[0] && <p id={html.errorId} className="text-sm font-semibold text-destructive">{html.errors[0]}</p>}
                  </div>
                </div>
              );
            })}
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField field={all.audienceKind!} label="Who gets it">
                <select {...getInputProps(all.audienceKind!, { type: "text" })} className={SELECT_CLASS} value={kind} onChange={(event) => setKind(event.target.value)}>
                  <option value="confirmed">Everyone confirmed</option>
                  <option value="wave">A wave</option>
                  <option value="tag">Members with a tag</option>
                  <option value="language">Everyone confirmed who speaks a language</option>
                  <option value="season_winners">A season&apos;s winners</option>
                </select>
              </FormField>
              {kind === "wave" && (
                <FormField field={all.waveId!} label="Wave">
                  <select {...getInputProps(all.waveId!, { type: "text" })} className={SELECT_CLASS}>
                    {choices.waves.length === 0 && <option value="">No wave yet</option>}
                    {choices.waves.map((wave) => (
                      <option key={wave.id} value={wave.id}>#{wave.id} {wave.name} ({wave.invited.toLocaleString("en-US")} invited)</option>
                    ))}
                  </select>
                </FormField>
              )}
              {kind === "tag" && (
                <FormField field={all.tag!} label="Tag">
                  <Input {...getInputProps(all.tag!, { type: "text" })} maxLength={50} />
                </FormField>
              )}
              {kind === "language" && (
                <FormField field={all.language!} label="Language">
                  <select {...getInputProps(all.language!, { type: "text" })} className={SELECT_CLASS}>
                    <LanguageOptions />
                  </select>
                </FormField>
              )}
              {kind === "season_winners" && (
                <FormField field={all.season!} label="Season">
                  <select {...getInputProps(all.season!, { type: "text" })} className={SELECT_CLASS}>
                    {choices.seasons.length === 0 && <option value="">No season has confirmed winners yet</option>}
                    {choices.seasons.map((season) => (
                      <option key={season} value={seasonParamOf(season)}>{seasonLabel(season)}</option>
                    ))}
                  </select>
                </FormField>
              )}
            </div>
            <fieldset className="grid gap-2">
              <legend className="text-sm font-medium">When</legend>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name={all.when!.name} value="now" checked={when === "now"} onChange={() => setWhen("now")} /> Now
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name={all.when!.name} value="later" checked={when === "later"} onChange={() => setWhen("later")} /> At a time ({timeZone.replaceAll("_", " ")})
              </label>
              {when === "later" && (
                <FormField field={all.scheduledAt!} label="Send at" labelHidden>
                  <Input {...getInputProps(all.scheduledAt!, { type: "datetime-local" })} />
                </FormField>
              )}
            </fieldset>
            {preview && (
              <div role="status" className="rounded-lg border bg-muted/40 p-4 text-sm">
                <p className="font-semibold">
                  {preview.description}: {preview.recipients.toLocaleString("en-US")} {preview.recipients === 1 ? "member" : "members"} with a confirmed address
                </p>
                <ul className="mt-2 space-y-1" aria-label="Versions">
                  {preview.versions.map((version) => (
                    <li key={version.language}>
                      {version.language}: &ldquo;{version.subject}&rdquo; to {version.members.toLocaleString("en-US")} {version.members === 1 ? "member" : "members"}
                    </li>
                  ))}
                </ul>
                <ul className="mt-2 list-disc pl-5">
                  {preview.sample.map((row) => (
                    <li key={row.crewName}>{row.crewName}, {row.points.toLocaleString("en-US")} points</li>
                  ))}
                </ul>
              </div>
            )}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" name="intent" value="preview" variant="outline">
                <Eye aria-hidden="true" /> {pending === "preview" ? "Counting..." : "Preview audience"}
              </Button>
              <Button type="submit" name="intent" value="send-test" variant="outline">
                <Send aria-hidden="true" /> {pending === "send-test" ? "Sending..." : "Send test to me"}
              </Button>
              <Button type="submit" name="intent" value="create">
                <Send aria-hidden="true" /> {pending === "create" ? "Starting..." : when === "later" ? "Schedule broadcast" : "Send broadcast"}
              </Button>
            </div>
          </fieldset>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

function PaceForm({ defaultValue, version }: { defaultValue: { perMinute: string }; version: string }) {
  const { form, fields, fetcher, formProps, isSaving } = useAdminForm({ id: `broadcast-pace-${version}`, schema: BroadcastFormSchema, failure, defaultValue: { intent: "pace", ...defaultValue } as never });
  const all = fields as unknown as Record<string, FieldMetadata<string | undefined>>;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sending pace</CardTitle>
        <CardDescription>How many messages a minute all broadcasts together may send: what your mail provider accepts from the studio.</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form key={form.id} {...formProps} className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="pace" />
          <FormField field={all.perMinute!} label="Messages a minute" help={`From ${BROADCAST_PACE.min} to ${BROADCAST_PACE.max.toLocaleString("en-US")}.`}>
            <div className="w-40">
              <Input {...getInputProps(all.perMinute!, { type: "number" })} min={BROADCAST_PACE.min} max={BROADCAST_PACE.max} />
            </div>
          </FormField>
          <Button type="submit" disabled={isSaving}>
            <Save aria-hidden="true" /> {isSaving ? "Saving..." : "Save Pace"}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

type Listing = Route.ComponentProps["loaderData"]["broadcasts"][number];

function ControlButton({ broadcast, control }: { broadcast: Listing; control: "pause" | "resume" | "cancel" }) {
  const { form, fetcher, formProps, isSaving } = useAdminForm({ id: `broadcast-${control}-${broadcast.id}`, schema: BroadcastFormSchema, failure });
  const Icon = { pause: CirclePause, resume: CirclePlay, cancel: XCircle }[control];
  const label = { pause: "Pause", resume: "Resume", cancel: "Cancel" }[control];
  return (
    <fetcher.Form key={form.id} {...formProps}>
      <input type="hidden" name="intent" value={control} />
      <input type="hidden" name="broadcastId" value={broadcast.id} />
      <Button type="submit" size="sm" variant={control === "cancel" ? "destructive" : "outline"} disabled={isSaving} aria-label={`${label} "${broadcast.subject}"`}>
        <Icon aria-hidden="true" /> {label}
      </Button>
    </fetcher.Form>
  );
}

const count = (value: number) => value.toLocaleString("en-US");

/** "40 s", "12 min", "2 h 5 min": the time left at the current rate. */
function timeLeft(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

const STATUS_LABEL: Record<Listing["status"], string> = { scheduled: "Scheduled", sending: "Sending", paused: "Paused", cancelled: "Cancelled", finished: "Finished" };

function BroadcastRow({ broadcast, canSend }: { broadcast: Listing; canSend: boolean }) {
  const { progress } = broadcast;
  const done = progress.sent + progress.failed + progress.suppressed + progress.skipped;
  const headingId = `broadcast-${broadcast.id}-subject`;
  return (
    <li className="space-y-2 rounded-xl border bg-card p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-bold">{broadcast.subject}</h3>
        <Badge variant={broadcast.status === "sending" ? "brand" : "outline"}>{STATUS_LABEL[broadcast.status]}</Badge>
        {broadcast.rehearsal && <Badge variant="outline">Rehearsal</Badge>}
      </div>
      <p className="text-sm text-muted-foreground">
        {broadcast.description} · {broadcast.audienceCount.toLocaleString("en-US")} members ·{" "}
        {broadcast.status === "scheduled" ? "sends" : "started"} {new Date(broadcast.scheduledAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}
      </p>
      <Progress value={done} max={Math.max(broadcast.audienceCount, done, 1)} aria-labelledby={headingId} />
      <p className="text-sm" data-testid="broadcast-progress">
        Queued {count(progress.queued)} · Sent {count(progress.sent)} · Waiting {count(progress.waiting)} · Failed {count(progress.failed)} · Suppressed{" "}
        {count(progress.suppressed)}
        {progress.skipped > 0 && ` · Not sent ${count(progress.skipped)}`}
        {broadcast.takenOver > 0 && ` · Re-sent after a crash ${count(broadcast.takenOver)}`}
      </p>
      {broadcast.status === "sending" && (
        <p className="text-sm text-muted-foreground" data-testid="broadcast-rate">
          {count(progress.perMinute)} a minute{progress.etaSeconds !== null && ` · about ${timeLeft(progress.etaSeconds)} left`}
        </p>
      )}
      {canSend && (
        <div className="flex flex-wrap gap-2">
          {(broadcast.status === "sending" || broadcast.status === "scheduled") && <ControlButton broadcast={broadcast} control="pause" />}
          {broadcast.status === "paused" && <ControlButton broadcast={broadcast} control="resume" />}
          {["scheduled", "sending", "paused"].includes(broadcast.status) && <ControlButton broadcast={broadcast} control="cancel" />}
        </div>
      )}
    </li>
  );
}

export default function AdminBroadcasts({ loaderData }: Route.ComponentProps) {
  const { broadcasts, choices, language, pace, isRehearsal, timeZone, canSend, version } = loaderData;
  const revalidator = useRevalidator();
  const isActive = broadcasts.some((broadcast) => ["scheduled", "sending", "paused"].includes(broadcast.status));
  useEffect(() => {
    if (!isActive) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [isActive, revalidator]);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <h1 className="text-3xl font-extrabold">Broadcasts</h1>
      <p className="text-muted-foreground">
        Write to the list: the launch e-mail, news, a wave&apos;s invitation. Each member gets one copy, filled in for them as it goes out, at the
        pace below.{isRehearsal && " Rehearsal mode is on: broadcasts stay in the back office's mailbox."}
      </p>
      {canSend && (
        <div className="grid gap-6">
          <ComposeForm choices={choices} timeZone={timeZone} language={language} />
          <PaceForm defaultValue={pace} version={version} />
        </div>
      )}
      <section aria-labelledby="broadcast-list" className="space-y-3">
        <h2 id="broadcast-list" className="text-xl font-bold">Sent and sending</h2>
        {broadcasts.length === 0 ? (
          <p className="rounded-xl border bg-card p-8 text-center text-muted-foreground">No broadcast yet.</p>
        ) : (
          <ul className="space-y-3">
            {broadcasts.map((broadcast) => (
              <BroadcastRow key={broadcast.id} broadcast={broadcast} canSend={canSend} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
