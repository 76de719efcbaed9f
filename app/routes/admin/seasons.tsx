import { getTextareaProps } from "@conform-to/react";
import { Save } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/seasons";
import { adminClientAction, useAdminForm } from "~/components/admin/admin-form";
import { EmailTemplateCard } from "~/components/admin/email-template-card";
import { SeasonStandings } from "~/components/admin/season-standings";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Textarea } from "~/components/ui/textarea";
import { adminAction } from "~/lib/admin/admin-action.server";
import type { FailureToast } from "~/lib/admin/action-result";
import { versionOf } from "~/lib/admin/version";
import { requireStaff } from "~/lib/auth/guards.server";
import { canAccess, canRunRehearsal } from "~/lib/auth/roles";
import { rehearseSeasonClose } from "~/lib/launch/rehearsal-season.server";
import { RehearseCloseCard } from "~/components/admin/rehearse-close-card";
import { getContentTranslation, resolveContentIn, isBlankContent, saveContent } from "~/lib/content/content.server";
import { requireContentLanguage } from "~/lib/content/content-language.server";
import type { Language } from "~/kernel/i18n/languages";
import { sendWinnerTemplateTest } from "~/lib/email/template-test.server";
import { AppError } from "~/kernel/errors";
import { CLAIM_LINK_DAYS, listPrizeClaims, markPrizeShipped, resendClaimLink, revealShippingAddress } from "~/lib/prizes/prize-claims.server";
import { prizeTextOf } from "~/lib/seasons/prizes";
import { seasonKeyFromParam, seasonLabel, seasonParamOf } from "~/lib/seasons/season-calendar";
import { getCurrentSeason } from "~/lib/seasons/season-leaderboard.server";
import { confirmSeasonWinners, getFrozenSeason, listFrozenSeasons } from "~/lib/seasons/season-winners.server";
import { SeasonPrizesSchema, SeasonsActionSchema, WinnerTemplateSchema } from "~/lib/seasons/seasons.schema";
import { WINNER_EMAIL_PLACEHOLDERS } from "~/lib/seasons/winner-email-template";
import { getSiteSettings, saveSiteSettings } from "~/lib/settings/settings.server";
import { cn } from "~/lib/utils";

export { adminShouldRevalidate as shouldRevalidate } from "~/lib/admin/revalidation";

export const meta: Route.MetaFunction = () => [{ title: "Seasons | Admin" }];

const TEMPLATE = "seasonWinnerEmailTemplateHtml" as const;

function failure(form: FormData): FailureToast {
  switch (form.get("intent")) {
    case "confirm":
      return { title: "Confirmation Failed", lead: "Could not confirm the winners. " };
    case "send-test":
      return { title: "Send Failed", lead: "Could not send the test email. " };
    case "prizes":
      return { title: "Update Failed", lead: "Could not save the prizes. " };
    case "reveal-address":
      return { title: "Reveal Failed", lead: "Could not show the shipping address. " };
    case "mark-shipped":
      return { title: "Update Failed", lead: "Could not mark the prize shipped. " };
    case "resend-claim-link":
      return { title: "Send Failed", lead: "Could not send a new claim link. " };
    case "rehearse-close":
      return { title: "Rehearsal Failed", lead: "Could not rehearse the season close. " };
    default:
      return { title: "Update Failed", lead: "Could not save email template. " };
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireStaff(request, "seasons");
  const language = requireContentLanguage(request);
  const [current, seasons, settings, translation] = await Promise.all([
    getCurrentSeason(),
    listFrozenSeasons(),
    getSiteSettings(["seasonPrizes", "siteTimeZone", "rehearsalMode"]),
    getContentTranslation(language, [TEMPLATE]),
  ]);
  const requested = seasonKeyFromParam(new URL(request.url).searchParams.get("season"));
  const selectedKey = requested ?? seasons[0]?.season ?? null;
  const selected = selectedKey ? await getFrozenSeason(selectedKey) : null;
  const claims = selected?.isConfirmed ? await listPrizeClaims(selected.season) : [];
  return {
    current: { label: seasonLabel(current.season), endsAt: current.endsAt.toISOString(), timeZone: current.timeZone },
    seasons: seasons.map((season) => ({ ...season, frozenAt: season.frozenAt.toISOString(), winnersConfirmedAt: season.winnersConfirmedAt?.toISOString() ?? null })),
    selected: selected
      ? { ...selected, frozenAt: selected.frozenAt.toISOString(), winnersConfirmedAt: selected.winnersConfirmedAt?.toISOString() ?? null }
      : null,
    isMissing: Boolean(requested && !selected),
    claims: claims.map((claim) => ({ memberId: claim.memberId, status: claim.status, hasAddress: claim.hasAddress, linkExpiresAt: claim.linkExpiresAt.toISOString(), isLinkExpired: claim.linkExpiresAt.getTime() <= Date.now(), shippedAt: claim.shippedAt?.toISOString() ?? null })),
    canManageClaims: canAccess(staff.role, "seasons", "edit"),
    rehearsal: { isOn: settings.rehearsalMode, canRun: canRunRehearsal(staff.role) },
    prizes: { seasonPrizes: prizeTextOf(settings.seasonPrizes) },
    template: { language, isUntranslated: translation.untranslated.includes(TEMPLATE), values: translation.values },
    version: versionOf([settings.seasonPrizes, language, translation.values]),
  };
}

export async function action(args: Route.ActionArgs) {
  return adminAction(args, {
    section: "seasons",
    schema: SeasonsActionSchema,
    failure,
    keepEmptyFields: true,
    run: async (input, admin) => {
      switch (input.intent) {
        case "prizes":
          await saveSiteSettings({ seasonPrizes: input.seasonPrizes }, admin.id);
          return { title: "Prizes Updated!", description: "Seasons whose winners are not confirmed yet use these prizes." };
        case "send-test": {
          // An empty tab in Spanish: the test shows what a Spanish winner would get (the built-in Spanish, or the English in an English frame).
          const resolved = isBlankContent(input[TEMPLATE]) && input.language !== "en" ? await resolveContentIn(input.language, [TEMPLATE]) : null;
          await sendWinnerTemplateTest({
            adminEmail: admin.email,
            templateHtml: resolved ? resolved.values[TEMPLATE] : input[TEMPLATE],
            language: resolved ? resolved.languages[TEMPLATE] : input.language,
          });
          return { title: "Test Sent!", description: `The winner email is on its way to ${admin.email}.` };
        }
        case "template":
          await saveContent({ [TEMPLATE]: input[TEMPLATE] }, admin.id, input.language);
          return { title: "Template Updated!", description: "Winner email template saved successfully." };
        case "reveal-address": {
          const season = seasonKeyFromParam(input.season);
          if (!season) throw new AppError("INVALID_INPUT", "Choose a season.");
          const address = await revealShippingAddress(season, input.memberId, admin);
          return { title: "Address Revealed", description: "Viewing it is recorded in the audit log.", value: { address } };
        }
        case "mark-shipped": {
          const season = seasonKeyFromParam(input.season);
          if (!season) throw new AppError("INVALID_INPUT", "Choose a season.");
          await markPrizeShipped(season, input.memberId, admin);
          return { title: "Marked Shipped!", description: "The shipping address is deleted 30 days from now." };
        }
        case "resend-claim-link": {
          const season = seasonKeyFromParam(input.season);
          if (!season) throw new AppError("INVALID_INPUT", "Choose a season.");
          await resendClaimLink(season, input.memberId, admin);
          return { title: "Link Sent!", description: `The winner e-mail went again with a claim link that works for ${CLAIM_LINK_DAYS} days.` };
        }
        case "confirm": {
          const season = seasonKeyFromParam(input.season);
          if (!season) throw new AppError("INVALID_INPUT", "Choose a season.");
          const { winners } = await confirmSeasonWinners(season, admin.id);
          return { title: "Winners Confirmed!", description: `${winners === 1 ? "1 winner" : `${winners} winners`} of ${seasonLabel(season)} will get the winner email.` };
        }
        case "rehearse-close": {
          const { season, standings } = await rehearseSeasonClose(admin.id);
          return { title: "Season Close Rehearsed", description: `${seasonLabel(season)} so far is frozen as a rehearsal with ${standings === 1 ? "1 standing" : `${standings} standings`}.` };
        }
      }
    },
  });
}

export const clientAction = adminClientAction(failure);

function PrizesForm({ defaultValue, version }: { defaultValue: { seasonPrizes: string }; version: string }) {
  const { form, fields, fetcher, formProps, isSaving } = useAdminForm({ id: `season-prizes-${version}`, schema: SeasonPrizesSchema, failure, defaultValue });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Prizes</CardTitle>
        <CardDescription>One line per rank or range of ranks. A rank in several lines wins each prize.</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form key={form.id} {...formProps} className="space-y-4">
          <input type="hidden" name="intent" value="prizes" />
          <fieldset disabled={isSaving} className="space-y-4">
            <FormField field={fields.seasonPrizes} label="Prizes by final rank" help={'Like "1 Early access pass" or "2-3 T-shirt". Members who are blocked or have referrals held for review are skipped.'}>
              <Textarea {...getTextareaProps(fields.seasonPrizes, { ariaDescribedBy: fields.seasonPrizes.descriptionId })} rows={5} />
            </FormField>
            <Button type="submit">
              <Save aria-hidden="true" /> {isSaving ? "Saving..." : "Save Prizes"}
            </Button>
          </fieldset>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

function WinnerEmailForm({ language, isUntranslated, defaultValue, version }: { language: Language; isUntranslated: boolean; defaultValue: Record<typeof TEMPLATE, string>; version: string }) {
  return (
    <EmailTemplateCard
      key={language}
      formId={`winner-template-${language}-${version}`}
      language={language}
      isUntranslated={isUntranslated}
      schema={WinnerTemplateSchema}
      failure={failure}
      name={TEMPLATE}
      defaultValue={defaultValue}
      saveIntent="template"
      title="Winner e-mail"
      editorLabel="Winner e-mail template"
      historyLabel="Winner Email"
      minHeight={220}
      description={
        <>
          Sent to each winner when you confirm a season. Use{" "}
          {WINNER_EMAIL_PLACEHOLDERS.map((placeholder, index) => (
            <span key={placeholder}>
              <code className="rounded bg-muted px-1">{placeholder}</code>
              {index < WINNER_EMAIL_PLACEHOLDERS.length - 1 ? ", " : ""}
            </span>
          ))}
          . Each e-mail ends with a <strong>Claim your prize</strong> button to the winner&apos;s own claim page (it works for 60 days), where the
          shipping address is given once consent is on record; replies go to the studio&apos;s contact address.
        </>
      }
    />
  );
}

export default function AdminSeasons({ loaderData }: Route.ComponentProps) {
  const { current, seasons, selected, isMissing, claims, canManageClaims, prizes, template, version, rehearsal } = loaderData;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <h1 className="text-3xl font-extrabold">Seasons</h1>
      <p className="text-muted-foreground">
        Each calendar month is a season ({current.timeZone.replaceAll("_", " ")} time). {current.label} is running and ends at midnight on{" "}
        {new Date(new Date(current.endsAt).getTime() - 1).toLocaleDateString("en-US", { month: "long", day: "numeric", timeZone: current.timeZone })}; its final
        standings are frozen then. The public <Link to="/leaderboard" className="font-semibold text-secondary underline">leaderboard</Link> shows it live,
        and confirmed winners appear in the <Link to="/hall-of-fame" className="font-semibold text-secondary underline">Hall of Fame</Link>.
      </p>

      {rehearsal.isOn && <RehearseCloseCard label={current.label} canRun={rehearsal.canRun} failure={failure} />}

      <section aria-labelledby="finished-seasons" className="space-y-4">
        <h2 id="finished-seasons" className="text-xl font-bold">Finished seasons</h2>
        {seasons.length === 0 ? (
          <p className="rounded-xl border bg-card p-8 text-center text-muted-foreground">No season has finished yet.</p>
        ) : (
          <nav aria-label="Finished seasons">
            <ul className="flex flex-wrap gap-2">
              {seasons.map((season) => (
                <li key={season.season}>
                  <Link
                    to={`?season=${seasonParamOf(season.season)}`}
                    aria-current={selected?.season === season.season ? "page" : undefined}
                    className={cn(
                      "inline-block rounded-full border-2 px-3 py-1 text-sm font-bold",
                      selected?.season === season.season ? "border-primary bg-primary text-primary-foreground" : "border-border bg-card hover:bg-muted",
                    )}
                  >
                    {seasonLabel(season.season)} {season.rehearsal ? "(rehearsal)" : ""} {season.winnersConfirmedAt ? "✓" : ""}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {isMissing && <p className="font-semibold text-destructive">That season has not finished yet or had no points.</p>}
        {selected && <SeasonStandings key={`${selected.season}-${selected.isConfirmed}`} season={selected} failure={failure} claims={claims} canManageClaims={canManageClaims} />}
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <PrizesForm defaultValue={prizes} version={version} />
        <WinnerEmailForm language={template.language} isUntranslated={template.isUntranslated} defaultValue={template.values} version={version} />
      </div>
    </div>
  );
}
