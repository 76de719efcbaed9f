import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Save, Trash2 } from "lucide-react";
import type { Route } from "./+types/settings";
import { adminClientAction, useAdminForm } from "~/components/admin/admin-form";
import { FormField } from "~/components/form-field";
import { ImageUpload } from "~/components/admin/image-upload";
import { useBrandColorPreview } from "~/components/admin/use-brand-color-preview";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { SITE_AUDIENCE_LABELS, SITE_AUDIENCES } from "~/lib/consent/site-audience";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import { adminAction } from "~/lib/admin/admin-action.server";
import type { FailureToast } from "~/lib/admin/action-result";
import { versionOf } from "~/lib/admin/version";
import { requireStaff } from "~/lib/auth/guards.server";
import { SiteSettingsFormSchema } from "~/lib/settings/settings.schema";
import { DEFAULT_BRAND_COLOR, DEFAULT_LOGO_URL, editSessionTimeoutInput, isHexColor } from "~/lib/settings/settings-rules";
import { getSiteSettings } from "~/lib/settings/settings.server";
import { saveSiteSettingsForm } from "~/lib/settings/site-settings-form.server";
import { milestoneTextOf } from "~/lib/points/milestones";
import { listTimeZones } from "~/lib/seasons/time-zone";
import { getEnv } from "~/kernel/env.server";
import { RehearsalCard } from "~/components/admin/rehearsal-card";
import { canReadRehearsalMailbox, canRunRehearsal } from "~/lib/auth/roles";
import { REHEARSAL_INTENTS, RehearsalActionSchema } from "~/lib/launch/rehearsal.schema";
import { endRehearsal, getRehearsalState, startRehearsal } from "~/lib/launch/rehearsal.server";
import { discardsText } from "~/lib/launch/rehearsal";
import { CONSENT_AGE_TABLE_FORMAT, countryConsentAgeTextOf } from "~/lib/consent/consent-age-by-country";

const countryNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });

export { adminShouldRevalidate as shouldRevalidate } from "~/lib/admin/revalidation";

export const meta: Route.MetaFunction = () => [{ title: "Site Settings | Admin" }];

const REFERRAL_CREDIT_CHOICES = [
  {
    value: "confirm",
    label: "When the friend confirms their e-mail (recommended)",
    help: "The referral shows as pending until the friend opens the link in their welcome e-mail, so made-up and throwaway addresses earn nothing.",
  },
  { value: "join", label: "When the friend joins", help: "Points the moment the friend signs up, confirmed or not." },
] as const;

const SETTINGS_FAILURE: FailureToast = { title: "Update Failed", lead: "Could not save site settings. " };

function failure(form: FormData): FailureToast {
  switch (form.get("intent")) {
    case "start-rehearsal":
      return { title: "Rehearsal Not Started", lead: "Could not start the rehearsal. " };
    case "end-rehearsal":
      return { title: "Rehearsal Not Ended", lead: "Could not end the rehearsal. " };
    default:
      return SETTINGS_FAILURE;
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireStaff(request, "settings");
  const settings = await getSiteSettings(["leaderboardVisible", "brandLogoUrl", "primaryBrandColor", "sessionTimeoutMinutes", "referralCreditMode", "emailDomainBlocklist", "emailDomainAllowlist", "referralBurstLimit", "referralDailyCap", "siteTimeZone", "pointMilestones", "milestoneStep", "embedAllowedOrigins", "consentAge", "consentAgeByCountry", "consentRequestDays", "siteAudience", "unconfirmedMemberDays", "launchDate", "monthsAfterLaunch"]);
  return { settings, canChangeConsentTable: staff.role === "owner", version: versionOf(settings), timeZones: listTimeZones(), origin: getEnv().origin, rehearsal: await getRehearsalState(), canRunRehearsal: canRunRehearsal(staff.role), showsRehearsalMailbox: canReadRehearsalMailbox(staff.role) };
}

export async function action(args: Route.ActionArgs) {
  // The Rehearsal card posts its own intent; the settings form posts none.
  const intent = (await args.request.clone().formData().catch(() => null))?.get("intent");
  if (typeof intent === "string" && REHEARSAL_INTENTS.includes(intent)) {
    return adminAction(args, {
      section: "settings",
      schema: RehearsalActionSchema,
      failure,
      run: async (input, admin) => {
        if (input.intent === "start-rehearsal") {
          await startRehearsal(admin.id);
          return { title: "Rehearsal Started", description: "No e-mail leaves the site and only test webhooks fire until you end it." };
        }
        const { discarded, sent } = await endRehearsal(admin.id);
        return { title: "Rehearsal Ended", description: `Discarded ${discardsText({ discards: discarded })}.${sent > 0 ? ` ${sent} held real message${sent === 1 ? " is" : "s are"} being sent.` : ""}` };
      },
    });
  }
  return adminAction(args, {
    section: "settings",
    schema: SiteSettingsFormSchema,
    failure: SETTINGS_FAILURE,
    run: async (input, admin) => {
      const { membersErasedSoon } = await saveSiteSettingsForm(input, admin.id);
      // The form starts again from the saved values: a box the server normalised (an
      // emptied Session Timeout is stored as 30) shows what was stored, not what was sent.
      const erasing = membersErasedSoon > 0 ? ` The new retention erases ${membersErasedSoon} ${membersErasedSoon === 1 ? "member" : "members"} within 30 days.` : "";
      return { title: "Settings Updated!", description: `Site settings have been saved successfully.${erasing}`, resetForm: true };
    },
  });
}

export const clientAction = adminClientAction(failure);

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { settings, version, timeZones, origin, rehearsal, canRunRehearsal, showsRehearsalMailbox, canChangeConsentTable } = loaderData;
  const { form, fields, fetcher, formProps, isSaving } = useAdminForm({
    id: `site-settings-${version}`,
    schema: SiteSettingsFormSchema,
    failure: SETTINGS_FAILURE,
    defaultValue: {
      brandLogoUrl: settings.brandLogoUrl,
      primaryBrandColor: settings.primaryBrandColor,
      sessionTimeoutMinutes: String(settings.sessionTimeoutMinutes),
      emailDomainBlocklist: settings.emailDomainBlocklist.join("\n"),
      emailDomainAllowlist: settings.emailDomainAllowlist.join("\n"),
      referralBurstLimit: String(settings.referralBurstLimit),
      referralDailyCap: String(settings.referralDailyCap),
      siteTimeZone: settings.siteTimeZone,
      pointMilestones: milestoneTextOf(settings.pointMilestones),
      milestoneStep: String(settings.milestoneStep),
      embedAllowedOrigins: settings.embedAllowedOrigins.join("\n"),
      consentAge: String(settings.consentAge),
      consentAgeByCountry: countryConsentAgeTextOf(settings.consentAgeByCountry),
      consentRequestDays: String(settings.consentRequestDays),
      siteAudience: settings.siteAudience,
      unconfirmedMemberDays: String(settings.unconfirmedMemberDays),
      launchDate: settings.launchDate ?? "",
      monthsAfterLaunch: settings.monthsAfterLaunch === null ? "" : String(settings.monthsAfterLaunch),
    },
  });
  const previewColor = useBrandColorPreview();
  const logoUrl = fields.brandLogoUrl.value ?? "";
  const color = fields.primaryBrandColor.value ?? "";

  function setLogoUrl(value: string) {
    form.update({ name: fields.brandLogoUrl.name, value });
  }

  function pickColor(value: string) {
    form.update({ name: fields.primaryBrandColor.name, value });
    previewColor(value);
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-3xl font-extrabold">Site Settings</h1>
      <RehearsalCard state={rehearsal} canRun={canRunRehearsal} showsMailbox={showsRehearsalMailbox} failure={failure} />
      <fetcher.Form key={form.id} {...formProps} className="space-y-6">
        <fieldset disabled={isSaving} className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>Feature Visibility</CardTitle>
            </CardHeader>
            <CardContent>
              <div className="flex items-center justify-between gap-4">
                <div>
                  <Label htmlFor={fields.leaderboardVisible.id}>Leaderboard Visible</Label>
                  <p id={fields.leaderboardVisible.descriptionId} className="text-sm text-muted-foreground">
                    Show the public leaderboard page and its menu entry.
                  </p>
                </div>
                <Switch
                  id={fields.leaderboardVisible.id}
                  name={fields.leaderboardVisible.name}
                  defaultChecked={settings.leaderboardVisible}
                  aria-describedby={fields.leaderboardVisible.descriptionId}
                />
              </div>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Fair Play</CardTitle>
            </CardHeader>
            <CardContent>
              <fieldset aria-describedby={fields.referralCreditMode.descriptionId} className="space-y-3">
                <legend className="text-sm font-semibold">Referral credit</legend>
                <p id={fields.referralCreditMode.descriptionId} className="text-sm text-muted-foreground">
                  When a friend who joins through a member&apos;s link earns the member +10 points. Changing it affects new sign-ups only.
                </p>
                {REFERRAL_CREDIT_CHOICES.map((choice) => (
                  <div key={choice.value} className="flex items-start gap-2">
                    <input
                      type="radio"
                      id={`${fields.referralCreditMode.id}-${choice.value}`}
                      name={fields.referralCreditMode.name}
                      value={choice.value}
                      defaultChecked={settings.referralCreditMode === choice.value}
                      className="mt-1 size-4 accent-primary"
                    />
                    <label htmlFor={`${fields.referralCreditMode.id}-${choice.value}`} className="block text-sm leading-none">
                      <span className="font-semibold">{choice.label}</span>
                      <span className="block text-sm text-muted-foreground">{choice.help}</span>
                    </label>
                  </div>
                ))}
              </fieldset>
              <div className="mt-6 grid gap-4 sm:grid-cols-2">
                <FormField
                  field={fields.referralBurstLimit}
                  label="Referrals per hour before review"
                  help="More referrals to one member within an hour are held for review (Referral System → Review)."
                >
                  <Input {...getInputProps(fields.referralBurstLimit, { type: "number", ariaDescribedBy: fields.referralBurstLimit.descriptionId })} min={1} step={1} className="max-w-36" />
                </FormField>
                <FormField
                  field={fields.referralDailyCap}
                  label="Referrals per day before review"
                  help="A member's referrals beyond this many in a day are held for review."
                >
                  <Input {...getInputProps(fields.referralDailyCap, { type: "number", ariaDescribedBy: fields.referralDailyCap.descriptionId })} min={1} step={1} className="max-w-36" />
                </FormField>
                <FormField
                  field={fields.emailDomainBlocklist}
                  label="Blocked e-mail domains"
                  help="Sign-ups from these domains (and their subdomains) are refused, besides the built-in list of throwaway-mail services. One per line."
                >
                  <Textarea {...getTextareaProps(fields.emailDomainBlocklist, { ariaDescribedBy: fields.emailDomainBlocklist.descriptionId })} rows={4} placeholder="spam.example" />
                </FormField>
                <FormField
                  field={fields.emailDomainAllowlist}
                  label="Allowed e-mail domains"
                  help="Always accepted, even when the built-in list calls them throwaway (say, a school's own mail service). One per line."
                >
                  <Textarea {...getTextareaProps(fields.emailDomainAllowlist, { ariaDescribedBy: fields.emailDomainAllowlist.descriptionId })} rows={4} placeholder="school.example.org" />
                </FormField>
              </div>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Seasons &amp; Milestones</CardTitle>
              <CardDescription>Monthly prizes go to the points earned in a calendar month; the dashboard&apos;s progress bar counts towards the next milestone.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <FormField
                field={fields.siteTimeZone}
                label="Site time zone"
                help="A season starts and ends at midnight in this zone. Changing it re-sums the season in progress; finished seasons keep their standings."
              >
                <select
                  {...getSelectProps(fields.siteTimeZone, { ariaDescribedBy: fields.siteTimeZone.descriptionId })}
                  className="h-10 w-full max-w-sm rounded-md border border-input bg-background px-3 text-sm"
                >
                  {timeZones.map((zone) => (
                    <option key={zone} value={zone}>{zone.replaceAll("_", " ")}</option>
                  ))}
                </select>
              </FormField>
              <FormField
                field={fields.pointMilestones}
                label="Point milestones"
                help={`One per line: the points, then a label, like "150 Sticker sheet". Empty means a milestone every ${settings.milestoneStep} points.`}
              >
                <Textarea {...getTextareaProps(fields.pointMilestones, { ariaDescribedBy: fields.pointMilestones.descriptionId })} rows={5} placeholder={"100 Sticker sheet\n250 Crew badge"} />
              </FormField>
              <FormField
                field={fields.milestoneStep}
                label="Then a milestone every (points)"
                help="After the last listed milestone (or from 0 when none are listed)."
              >
                <Input {...getInputProps(fields.milestoneStep, { type: "number", ariaDescribedBy: fields.milestoneStep.descriptionId })} min={5} step={1} className="max-w-36" />
              </FormField>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Embeddable Join Form</CardTitle>
              <CardDescription>
                Other websites of yours can show the waitlist form with one line:{" "}
                <code className="break-all rounded bg-muted px-1">{`<script src="${origin}/embed.js" data-theme="light" async></script>`}</code>, or, where scripts are not allowed,{" "}
                <code className="break-all rounded bg-muted px-1">{`<iframe src="${origin}/embed/join" title="Join the waitlist" width="100%" height="260"></iframe>`}</code>.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <FormField field={fields.embedAllowedOrigins} label="Websites allowed to show it" help="One address per line, like https://shop.example.com. Other websites get nothing.">
                <Textarea {...getTextareaProps(fields.embedAllowedOrigins, { ariaDescribedBy: fields.embedAllowedOrigins.descriptionId })} rows={3} placeholder="https://shop.example.com" />
              </FormField>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Brand Logo &amp; Colors</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <FormField field={fields.brandLogoUrl} label="Logo URL">
                <Input {...getInputProps(fields.brandLogoUrl, { type: "text" })} />
              </FormField>
              <ImageUpload target="logo" label="Upload a logo (PNG, JPG, JPEG, GIF or SVG)" onUploaded={setLogoUrl} disabled={isSaving} />
              <div className="flex items-center gap-4">
                <div>
                  <p className="text-sm font-semibold">Current logo</p>
                  <img src={logoUrl.trim() || DEFAULT_LOGO_URL} alt="Current logo preview" className="mt-1 h-14 w-auto rounded border bg-white p-1" />
                </div>
                <Button type="button" variant="outline" size="sm" onClick={() => setLogoUrl("")}>
                  <Trash2 aria-hidden="true" /> Remove logo
                </Button>
              </div>
              <FormField field={fields.primaryBrandColor} label="Primary brand color">
                <div className="flex items-center gap-2">
                  <input
                    type="color"
                    aria-label="Pick the primary brand color"
                    value={isHexColor(color) && color.length === 7 ? color : DEFAULT_BRAND_COLOR}
                    onChange={(event) => pickColor(event.target.value.toUpperCase())}
                    className="h-10 w-14 cursor-pointer rounded border"
                  />
                  <Input
                    {...getInputProps(fields.primaryBrandColor, { type: "text" })}
                    placeholder={DEFAULT_BRAND_COLOR}
                    onChange={(event) => previewColor(event.target.value)}
                    className="max-w-36 font-mono"
                  />
                </div>
              </FormField>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Session Management</CardTitle>
            </CardHeader>
            <CardContent>
              <FormField
                field={fields.sessionTimeoutMinutes}
                label="Session Timeout (minutes)"
                help="Signed-in users are logged out after this many minutes of inactivity. 0 or empty means no timeout (not recommended); an empty box is saved as the default of 30 minutes."
              >
                <Input
                  {...getInputProps(fields.sessionTimeoutMinutes, { type: "number", ariaDescribedBy: fields.sessionTimeoutMinutes.descriptionId })}
                  min={1}
                  onChange={(event) => {
                    // Spec §5: while editing, a non-number or a value <= 0 shows as an empty box.
                    const edited = editSessionTimeoutInput(event.target.value);
                    if (edited !== event.target.value) event.target.value = edited;
                  }}
                  className="max-w-36"
                />
              </FormField>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Legal &amp; Compliance</CardTitle>
              <CardDescription>The pages visitors agree to when they join.</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <fieldset aria-describedby={fields.siteAudience.descriptionId} className="space-y-3">
                <legend className="text-sm font-semibold">Who the site is for</legend>
                <p id={fields.siteAudience.descriptionId} className="text-sm text-muted-foreground">
                  A site directed to children asks no age and treats every visitor as a child: the join form asks only for a parent&apos;s or guardian&apos;s address, and nothing of the child is kept until the parent says yes. A change is audited, stated in the privacy policy and makes a new privacy notice version.{canChangeConsentTable ? "" : " Only an owner can change it."}
                </p>
                {SITE_AUDIENCES.map((audience) => (
                  <div key={audience} className="flex items-start gap-2">
                    <input
                      type="radio"
                      id={`${fields.siteAudience.id}-${audience}`}
                      name={fields.siteAudience.name}
                      value={audience}
                      defaultChecked={settings.siteAudience === audience}
                      disabled={!canChangeConsentTable && settings.siteAudience !== audience}
                      className="mt-1 size-4 accent-primary"
                    />
                    <label htmlFor={`${fields.siteAudience.id}-${audience}`} className="block text-sm font-semibold leading-none">{SITE_AUDIENCE_LABELS[audience]}</label>
                  </div>
                ))}
              </fieldset>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField
                  field={fields.consentAge}
                  label="Default consent age"
                  help="For a visitor whose country the table below does not list (or who gives none): younger than this, a parent's consent comes first, before anything of theirs is stored. 13 under COPPA. The privacy policy states it, and a change makes a new privacy notice version."
                >
                  <Input {...getInputProps(fields.consentAge, { type: "number", ariaDescribedBy: fields.consentAge.descriptionId })} min={13} max={18} step={1} className="max-w-36" />
                </FormField>
                <FormField
                  field={fields.consentRequestDays}
                  label="Days a parent has to answer"
                  help="An unanswered request is deleted with the parent's address after this many days."
                >
                  <Input {...getInputProps(fields.consentRequestDays, { type: "number", ariaDescribedBy: fields.consentRequestDays.descriptionId })} min={1} max={30} step={1} className="max-w-36" />
                </FormField>
              </div>
              <FormField
                field={fields.consentAgeByCountry}
                label="Consent age by country"
                help={`The age question asks the visitor's country; below that country's age here, a parent's consent comes first. ${CONSENT_AGE_TABLE_FORMAT} Ages 0 to 21; a country left out uses the default age (an emptied box keeps the saved table). Seeded from each country's law (ADR 0063).${canChangeConsentTable ? "" : " Only an owner can change it."}`}
              >
                <Textarea
                  {...getTextareaProps(fields.consentAgeByCountry, { ariaDescribedBy: fields.consentAgeByCountry.descriptionId })}
                  readOnly={!canChangeConsentTable}
                  rows={8}
                  className="max-w-xs font-mono"
                />
              </FormField>
              <table className="max-w-md text-sm" aria-label="Saved consent ages by country">
                <thead>
                  <tr>
                    <th scope="col" className="text-left">Country</th>
                    <th scope="col" className="text-right">Consent age</th>
                  </tr>
                </thead>
                <tbody>
                  {Object.entries(settings.consentAgeByCountry).map(([code, age]) => (
                    <tr key={code}>
                      <td>{countryNames.of(code) ?? code} ({code})</td>
                      <td className="text-right">{age}</td>
                    </tr>
                  ))}
                  <tr>
                    <td>Every other country</td>
                    <td className="text-right">{settings.consentAge}</td>
                  </tr>
                </tbody>
              </table>
              <div className="flex gap-4">
                <a href="/terms" target="_blank" rel="noopener" className="font-semibold text-secondary underline">Terms of Service</a>
                <a href="/privacy" target="_blank" rel="noopener" className="font-semibold text-secondary underline">Privacy Policy</a>
              </div>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Privacy &amp; Retention</CardTitle>
              <CardDescription>
                How long the site keeps members&apos; data. A job deletes what is due every hour, everywhere it is held; the privacy policy states the same schedule.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-3">
              <FormField
                field={fields.unconfirmedMemberDays}
                label="Days an unconfirmed member is kept"
                help="A member who never confirmed their address is deleted this many days after joining."
              >
                <Input {...getInputProps(fields.unconfirmedMemberDays, { type: "number", ariaDescribedBy: fields.unconfirmedMemberDays.descriptionId })} min={7} max={365} step={1} className="max-w-36" />
              </FormField>
              <FormField field={fields.launchDate} label="Launch date" help="The day the series launches. Empty while it is not set.">
                <Input {...getInputProps(fields.launchDate, { type: "date", ariaDescribedBy: fields.launchDate.descriptionId })} min="2020-01-01" max="2100-12-31" className="max-w-44" />
              </FormField>
              <FormField
                field={fields.monthsAfterLaunch}
                label="Months kept after launch"
                help="Every remaining membership is deleted this many months after the launch date. Empty keeps memberships until they are deleted."
              >
                <Input {...getInputProps(fields.monthsAfterLaunch, { type: "number", ariaDescribedBy: fields.monthsAfterLaunch.descriptionId })} min={1} max={120} step={1} className="max-w-36" />
              </FormField>
            </CardContent>
          </Card>

          <Button type="submit" size="lg">
            <Save aria-hidden="true" /> {isSaving ? "Saving..." : "Save All Settings"}
          </Button>
        </fieldset>
      </fetcher.Form>
    </div>
  );
}
