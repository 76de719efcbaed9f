import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Eye, Send } from "lucide-react";
import type { Route } from "./+types/launch";
import { adminClientAction, useAdminForm } from "~/components/admin/admin-form";
import { WavesTable } from "~/components/admin/waves-table";
import { FormField } from "~/components/form-field";
import { LocalTime } from "~/components/local-time";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { Textarea } from "~/components/ui/textarea";
import { adminAction } from "~/lib/admin/admin-action.server";
import type { FailureToast } from "~/lib/admin/action-result";
import { requireStaff } from "~/lib/auth/guards.server";
import { canAccess } from "~/lib/auth/roles";
import { AUDIENCE_KIND_LABEL, type Audience } from "~/lib/launch/audience";
import { LanguageOptions } from "~/components/admin/language-options";
import { audienceOfForm, MAX_PASTED_ADDRESSES, WAVE_AUDIENCE_KINDS, WaveFormSchema, type WaveForm } from "~/lib/launch/launch.schema";
import { resolveMemberAddresses } from "~/lib/launch/member-list.server";
import { inviteWave, listWaves, previewWave } from "~/lib/launch/waves.server";
import { seasonLabel } from "~/lib/seasons/season-calendar";
import { listFrozenSeasons } from "~/lib/seasons/season-winners.server";

export { adminShouldRevalidate as shouldRevalidate } from "~/lib/admin/revalidation";

export const meta: Route.MetaFunction = () => [{ title: "Launch | Admin" }];

function failure(form: FormData): FailureToast {
  return form.get("intent") === "invite" ? { title: "Invite Failed", lead: "Nobody was invited. " } : { title: "Preview Failed", lead: "" };
}

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireStaff(request, "launch");
  const [waves, seasons] = await Promise.all([listWaves(), listFrozenSeasons()]);
  return {
    canInvite: canAccess(staff.role, "launch", "edit"),
    seasons: seasons.filter((season) => season.winnersConfirmedAt).map((season) => ({ value: season.season, label: seasonLabel(season.season) })),
    waves: waves.map((wave) => ({ ...wave, createdAt: wave.createdAt.toISOString() })),
  };
}

const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;

/** The form's audience; a pasted list is looked up first, and its addresses that are not members are counted. */
async function audienceOf(form: WaveForm): Promise<{ audience: Audience; unknownAddresses: number }> {
  const audience = audienceOfForm(form);
  if (audience) return { audience, unknownAddresses: 0 };
  const list = await resolveMemberAddresses(form.addresses ?? "");
  return { audience: { kind: "members", memberIds: list.memberIds }, unknownAddresses: list.unknown };
}

export type PreviewValue = {
  description: string;
  count: number;
  alreadyInvited: number;
  unknownAddresses: number;
  sample: { memberId: string; crewName: string; points: number; joinDate: string }[];
};

export async function action(args: Route.ActionArgs) {
  return adminAction<typeof WaveFormSchema, PreviewValue>(args, {
    section: "launch",
    schema: WaveFormSchema,
    failure,
    run: async (input, admin) => {
      const { audience, unknownAddresses } = await audienceOf(input);
      if (input.intent === "preview") {
        const preview = await previewWave(audience);
        return {
          title: "Preview Ready",
          description: `${preview.description}: ${plural(preview.count, "member")}.`,
          value: {
            description: preview.description,
            count: preview.count,
            alreadyInvited: preview.alreadyInvited,
            unknownAddresses,
            sample: preview.sample.map((row) => ({ ...row, joinDate: row.joinDate.toISOString() })),
          },
        };
      }
      const { wave, invited, skipped } = await inviteWave({ name: input.name, audience }, admin.id);
      return {
        title: "Wave Invited!",
        description: `${wave.name}: ${plural(invited, "member")} invited${skipped ? `; ${plural(skipped, "member")} already invited ${skipped === 1 ? "was" : "were"} skipped` : ""}.${wave.rehearsal ? " (Rehearsal: the e-mails stay in the back office.)" : ""}`,
        resetForm: true,
      };
    },
  });
}

export const clientAction = adminClientAction(failure);

const SELECT_CLASS = "h-10 rounded-md border bg-background px-3";

function PreviewResult({ preview, canInvite, isSaving }: { preview: PreviewValue; canInvite: boolean; isSaving: boolean }) {
  const toInvite = preview.count - preview.alreadyInvited;
  return (
    <section aria-labelledby="wave-preview" className="space-y-3 rounded-xl border-2 border-primary/40 bg-primary/5 p-4" data-testid="wave-preview">
      <h3 id="wave-preview" className="text-lg font-bold">{preview.description}</h3>
      <p>
        <strong data-testid="wave-preview-count">{plural(preview.count, "member")}</strong>
        {preview.alreadyInvited > 0 && <> — {plural(preview.alreadyInvited, "is", "are")} already invited and will be skipped</>}
        {preview.unknownAddresses > 0 && <>; {plural(preview.unknownAddresses, "pasted address", "pasted addresses")} {preview.unknownAddresses === 1 ? "is" : "are"} not a member</>}.
      </p>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Crew name</TableHead>
            <TableHead className="text-right">Points</TableHead>
            <TableHead>Joined</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {preview.sample.map((row) => (
            <TableRow key={row.memberId}>
              <TableCell>{row.crewName}</TableCell>
              <TableCell className="text-right">{row.points.toLocaleString("en-US")}</TableCell>
              <TableCell><LocalTime value={row.joinDate} style="date" /></TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {canInvite && toInvite > 0 && (
        <Button type="submit" name="intent" value="invite" disabled={isSaving}>
          <Send aria-hidden="true" /> {isSaving ? "Inviting..." : `Invite ${plural(toInvite, "Member")}`}
        </Button>
      )}
      {toInvite === 0 && <p className="font-semibold">Everyone here is invited already.</p>}
    </section>
  );
}

function WaveFormCard({ seasons, canInvite }: { seasons: { value: string; label: string }[]; canInvite: boolean }) {
  const { form, fields, fetcher, formProps, isSaving, result } = useAdminForm({ id: "launch-wave", schema: WaveFormSchema, failure, defaultValue: { kind: "top_all_time", count: 100 } });
  const kind = (fields.kind.value ?? "top_all_time") as WaveForm["kind"];
  const preview = result?.ok && fetcher.formData === undefined && result.value ? (result.value as PreviewValue) : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Invite a wave</CardTitle>
        <CardDescription>
          Choose who is next, preview the exact count and a sample, then invite. Each member gets an e-mail with an invite that works once, only for their own
          address (they sign in to accept it); a member is invited once, so anyone already invited is skipped.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form key={form.id} {...formProps} className="space-y-4">
          <fieldset disabled={isSaving || !canInvite} className="grid gap-4 sm:grid-cols-2">
            <FormField field={fields.kind} label="Who">
              <select {...getSelectProps(fields.kind)} className={SELECT_CLASS}>
                {WAVE_AUDIENCE_KINDS.map((value) => (
                  <option key={value} value={value}>{AUDIENCE_KIND_LABEL[value]}</option>
                ))}
              </select>
            </FormField>
            {(kind === "top_all_time" || kind === "top_month" || kind === "first_joined") && (
              <FormField field={fields.count} label="How many">
                <Input {...getInputProps(fields.count, { type: "number" })} min={1} max={1_000_000} />
              </FormField>
            )}
            {kind === "tag" && (
              <FormField field={fields.tag} label="Tag">
                <Input {...getInputProps(fields.tag, { type: "text" })} maxLength={50} />
              </FormField>
            )}
            {kind === "language" && (
              <FormField field={fields.language} label="Language">
                <select {...getSelectProps(fields.language)} className={SELECT_CLASS}>
                  <LanguageOptions />
                </select>
              </FormField>
            )}
            {kind === "season_winners" && (
              <FormField field={fields.season} label="Season" help={seasons.length === 0 ? "No season has confirmed winners yet." : undefined}>
                <select {...getSelectProps(fields.season)} className={SELECT_CLASS}>
                  {seasons.map((season) => (
                    <option key={season.value} value={season.value}>{season.label}</option>
                  ))}
                </select>
              </FormField>
            )}
            {kind === "members" && (
              <FormField field={fields.addresses} label="E-mail addresses" className="sm:col-span-2" help={`One per line, or separated by commas; at most ${MAX_PASTED_ADDRESSES.toLocaleString("en-US")}. For a longer list, import it with a tag (Waitlist Emails → Import) and invite the tag.`}>
                <Textarea {...getTextareaProps(fields.addresses, { ariaDescribedBy: fields.addresses.descriptionId })} rows={6} />
              </FormField>
            )}
            <FormField field={fields.name} label="Wave name (optional)">
              <Input {...getInputProps(fields.name, { type: "text" })} maxLength={100} placeholder="Wave 1" />
            </FormField>
            <div className="flex items-end sm:col-span-2">
              <Button type="submit" name="intent" value="preview" variant="outline">
                <Eye aria-hidden="true" /> {isSaving && fetcher.formData?.get("intent") === "preview" ? "Counting..." : "Preview"}
              </Button>
            </div>
          </fieldset>
          {preview && <PreviewResult preview={preview} canInvite={canInvite} isSaving={isSaving} />}
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

export default function AdminLaunch({ loaderData }: Route.ComponentProps) {
  const { canInvite, seasons, waves } = loaderData;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <h1 className="text-3xl font-extrabold">Launch</h1>
      <p className="text-muted-foreground">
        Let the waitlist in, a wave at a time. Members go from waiting to invited to admitted; their status shows on their dashboard and in Waitlist Emails.
      </p>
      <WaveFormCard seasons={seasons} canInvite={canInvite} />
      <WavesTable waves={waves} />
    </div>
  );
}
