import { useLingui } from "@lingui/react";
import { readFormData } from "~/kernel/http/form-data.server";
import { Dices, Gift, Share2, Trophy, Users } from "lucide-react";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { useLiveSettings } from "~/components/live-settings";
import { ReferralLinkBox, ShareButtons } from "~/components/share-buttons";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { requireMember } from "~/lib/auth/guards.server";
import { getCrewName, rerollCrewName } from "~/lib/crew-names/crew-name.server";
import { getEnv } from "~/kernel/env.server";
import { isAppError } from "~/kernel/errors";
import { pendingReferralsText, referralEarningsText } from "~/lib/referrals/pending-text";
import { countPendingReferrals } from "~/lib/referrals/referral-credit.server";
import { referralLink } from "~/lib/referrals/share-links";
import { getSiteSettings } from "~/lib/settings/settings.server";
import { visitPlaceInLine } from "~/lib/leaderboard/place-movement.server";
import { PlaceInLineNote } from "~/components/place-in-line";
import { PointsHistoryCard } from "~/components/points-history";
import { getPointsHistory } from "~/lib/points/points-history.server";
import { z } from "zod";
import { getMemberByEmail } from "~/lib/waitlist/members.server";
import { siteNameFrom } from "~/lib/site-name";
import { Progress } from "~/components/ui/progress";
import { REFERRER_POINTS } from "~/lib/points/points-rules";
import { milestoneProgress, type MilestoneProgress } from "~/lib/points/milestones";
import { EmailPreferencesCard } from "~/components/email-preferences-card";
import { MyDataCard, type MyDataState } from "~/components/my-data-card";
import { getSuppression, setOwnOptionalEmails } from "~/lib/email/suppression.server";
import { requestMagicLink } from "~/lib/auth/magic-link.server";
import { FRESH_SIGN_IN_MINUTES, isFreshSignIn } from "~/lib/privacy/privacy-request.server";
import type { I18n } from "@lingui/core";
import { i18nFor, pageTranslation } from "~/lib/i18n/catalogs.server";
import { userMessageIn } from "~/lib/i18n/error-messages.server";
import { requestLanguage } from "~/lib/i18n/request-language.server";
import { requestOwnErasure } from "~/lib/privacy/erasure-link.server";
import { LaunchStatusCard } from "~/components/launch-status-card";
import { getDashboardLaunch, WAITING } from "~/lib/launch/invites.server";
import { MyFamily, type FamilyAnswer } from "~/components/my-family";
import { addChildToFamily, CHOOSE_LEADERBOARD_MESSAGE, listFamilyChildren, removeChildFromFamily, setFamilyChildChoices } from "~/lib/family/family.server";
import { ageQuestionChoices } from "~/lib/consent/consent-age-by-country";
import { birthMonthFields } from "~/lib/consent/birth-month.schema";
import { BIRTH_DATE_MESSAGE } from "~/lib/consent/age-messages";
import { FORMAT_LOCALES } from "~/kernel/i18n/languages";

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const siteName = siteNameFrom(matches);
  return [{ title: `${data?.meta.title ?? ""} | ${siteName}` }, { name: "description", content: data?.meta.description ?? "" }];
};

const HistoryQuery = z.object({
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
  /** Set by the download (dashboard/my-data) when it could not answer with the file. */
  "my-data": z.enum(["sign-in-again", "wait"]).optional().catch(undefined),
});

function myDataNotice(notice: "sign-in-again" | "wait", i18n: I18n): MyDataState["message"] {
  return notice === "sign-in-again"
    ? {
        tone: "error",
        text: i18n._("For your safety, downloading or deleting your data needs a sign-in from the last {minutes} minutes. We can e-mail you a new sign-in link.", {
          minutes: FRESH_SIGN_IN_MINUTES,
        }),
      }
    : { tone: "error", text: i18n._("Too many requests for your data. Please wait a little and try again.") };
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireMember(request);
  const member = await getMemberByEmail(user.email);
  const query = HistoryQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { i18n, messages } = pageTranslation(request, "dashboard");
  const siteName = getEnv().SITE_NAME;
  const meta = { title: i18n._("My Dashboard"), description: i18n._("Your {siteName} points, place in line, referral link and points history.", { siteName }) };
  const [pendingReferrals, settings, place, history, crewName, isFresh, suppression, launch, family] = member
    ? await Promise.all([
        countPendingReferrals(member.id),
        getSiteSettings(["referralCreditMode", "pointMilestones", "milestoneStep"]),
        visitPlaceInLine(member),
        getPointsHistory(member.id, query.before),
        getCrewName(member.id),
        isFreshSignIn(user.sessionId),
        getSuppression(member.email),
        getDashboardLaunch(member.id),
        listFamilyChildren(user.email),
      ])
    : [0, null, null, null, null, false, null, null, []];
  const language = requestLanguage(request);
  return {
    email: user.email,
    isAdmin: user.isAdmin,
    member: member
      ? {
          points: member.points,
          referralsMade: member.referralsMade,
          pendingReferrals,
          crewName: crewName ?? "",
          creditMode: settings?.referralCreditMode ?? "confirm",
          milestone: milestoneProgress(member.points, settings?.pointMilestones ?? [], settings?.milestoneStep ?? 100),
          place,
          history,
          referralCode: member.referralCode,
          link: referralLink(getEnv().origin, member.referralCode, "copy"),
          emailStatus: suppression ?? ("subscribed" as const),
          launch: { status: (launch ?? WAITING).status, invitePath: launch?.invitePath ?? null },
          family: family.length > 0 ? { children: family, ageQuestion: ageQuestionChoices(request.headers.get("Accept-Language"), FORMAT_LOCALES[language]) } : null,
          myData: { isFresh, message: query["my-data"] ? myDataNotice(query["my-data"], i18n) : null, freshMinutes: FRESH_SIGN_IN_MINUTES },
        }
      : null,
    meta,
    messages,
  };
}

const DashboardForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("reroll-crew-name") }),
  z.object({ intent: z.literal("request-erasure") }),
  z.object({ intent: z.literal("fresh-sign-in") }),
  z.object({ intent: z.literal("email-unsubscribe") }),
  z.object({ intent: z.literal("email-resubscribe") }),
  z.object({ intent: z.literal("child-choices"), memberId: z.string().max(64), showOnLeaderboard: z.literal("on").optional(), shareWithPartners: z.literal("on").optional() }),
  z.object({ intent: z.literal("remove-child"), memberId: z.string().max(64) }),
  z.object({ intent: z.literal("add-child"), ...birthMonthFields, showOnLeaderboard: z.enum(["yes", "no"]) }),
]);

type ActionAnswer = { crewNameError: string | null; myData: MyDataState["message"]; family?: FamilyAnswer };

/**
 * "New crew name" (rate-limited); "Delete my data" (a fresh sign-in, then a confirmation
 * link to the contact address); "E-mail me a new sign-in link" (for a fresh sign-in);
 * news and prize e-mails off or on again; "My family": a parent's choices for each child,
 * removing one, adding another (ADR 0067).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireMember(request);
  const member = await getMemberByEmail(user.email);
  const form = Object.fromEntries(await readFormData(request));
  const parsed = DashboardForm.safeParse(form);
  const language = requestLanguage(request);
  const i18n = i18nFor(language);
  if (member && !parsed.success && form.intent === "add-child") {
    const missing = form.showOnLeaderboard === "yes" || form.showOnLeaderboard === "no" ? BIRTH_DATE_MESSAGE : CHOOSE_LEADERBOARD_MESSAGE;
    return data<ActionAnswer>({ crewNameError: null, myData: null, family: { error: { childId: null, text: i18n._(missing) } } }, { status: 400 });
  }
  if (!member || !parsed.success) return data<ActionAnswer>({ crewNameError: i18n._("We couldn't change your crew name. Please try again."), myData: null }, { status: 400 });
  const intent = parsed.data.intent;
  try {
    if (parsed.data.intent === "child-choices") {
      await setFamilyChildChoices(user.email, parsed.data.memberId, { showOnLeaderboard: parsed.data.showOnLeaderboard === "on", shareWithPartners: parsed.data.shareWithPartners === "on" });
      return data<ActionAnswer>({ crewNameError: null, myData: null, family: { savedChildId: parsed.data.memberId } });
    }
    if (parsed.data.intent === "remove-child") {
      await removeChildFromFamily(user.email, parsed.data.memberId);
      return data<ActionAnswer>({ crewNameError: null, myData: null });
    }
    if (parsed.data.intent === "add-child") {
      const { birthMonth, birthYear, country, showOnLeaderboard } = parsed.data;
      await addChildToFamily({ parentEmail: user.email, birthMonth, birthYear, country, showOnLeaderboard: showOnLeaderboard === "yes", language, clientIp: context.clientIp, userAgent: request.headers.get("User-Agent") });
      return data<ActionAnswer>({ crewNameError: null, myData: null, family: { added: true } });
    }
    if (intent === "email-unsubscribe" || intent === "email-resubscribe") {
      await setOwnOptionalEmails(member.email, intent === "email-resubscribe");
      return data<ActionAnswer>({ crewNameError: null, myData: null });
    }
    if (intent === "reroll-crew-name") await rerollCrewName(member.id);
    else if (intent === "request-erasure") await requestOwnErasure({ memberId: member.id, sessionId: user.sessionId });
    else await requestMagicLink({ email: user.email, clientIp: context.clientIp, redirectTo: "/dashboard#my-data" });
    const myData: MyDataState["message"] =
      intent === "request-erasure"
        ? { tone: "info", text: i18n._("We've e-mailed a link to {email}. Open it to confirm: nothing is deleted until you do.", { email: user.email }) }
        : intent === "fresh-sign-in"
          ? { tone: "info", text: i18n._("We've e-mailed a new sign-in link to {email}. Open it, then come back here.", { email: user.email }) }
          : null;
    return data<ActionAnswer>({ crewNameError: null, myData });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const text = userMessageIn(error, language);
    const answer: ActionAnswer =
      intent === "reroll-crew-name"
        ? { crewNameError: text, myData: null }
        : parsed.data.intent === "child-choices" || parsed.data.intent === "remove-child"
          ? { crewNameError: null, myData: null, family: { error: { childId: parsed.data.memberId, text } } }
          : intent === "add-child"
            ? { crewNameError: null, myData: null, family: { error: { childId: null, text } } }
            : { crewNameError: null, myData: { tone: "error", text } };
    return data<ActionAnswer>(answer, { status: error.status });
  }
}

/** The member's crew name, the only name others see, and a form (no JavaScript needed) for another. */
function CrewNameCard({ crewName, error }: { crewName: string; error: string | null }) {
  const { i18n } = useLingui();
  return (
    <Card className="sm:col-span-2">
      <CardHeader>
        <CardDescription>{i18n._("Your crew name")}</CardDescription>
        <CardTitle as="p" size="figure" data-testid="crew-name">{crewName}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm text-muted-foreground">
        <p>{i18n._("This is how other fans see you on the leaderboard and your invite card. Your e-mail address is never shown.")}</p>
        <Form method="post" replace preventScrollReset>
          <input type="hidden" name="intent" value="reroll-crew-name" />
          <Button type="submit" variant="outline"><Dices aria-hidden="true" /> {i18n._("New crew name")}</Button>
        </Form>
        {error && <p role="alert" className="font-semibold text-destructive" data-testid="crew-name-error">{i18n._(error)}</p>}
      </CardContent>
    </Card>
  );
}

/** Progress from the last milestone reached to the next one, which it names. */
function NextMilestoneProgress({ milestone }: { milestone: MilestoneProgress }) {
  const { i18n } = useLingui();
  return (
    <div className="space-y-2">
      <div className="flex justify-between gap-2 text-sm font-semibold">
        <span data-testid="next-milestone">{i18n._("Next reward: {reward}", { reward: milestone.label })}</span>
        <span>{i18n._("{progress} / {span} points", { progress: i18n.number(milestone.progress), span: i18n.number(milestone.span) })}</span>
      </div>
      <Progress value={milestone.progress} max={milestone.span} aria-label={i18n._("Progress to the next reward, {reward}", { reward: milestone.label })} />
    </div>
  );
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { email, isAdmin, member } = loaderData;
  const { leaderboardVisible } = useLiveSettings();
  const { i18n } = useLingui();
  return (
    <main className="mx-auto w-full max-w-4xl flex-1 px-4 py-12">
      <h1 className="text-3xl font-extrabold">{i18n._("My Dashboard")}</h1>
      <p className="mt-1 text-muted-foreground">
        {i18n._("Signed in as {email}", { email })}
        {member && (
          <>
            {" · "}
            <Link to="/account/address" className="font-semibold text-secondary underline">{i18n._("Change e-mail address")}</Link>
          </>
        )}
      </p>

      {member ? (
        <div className="mt-8 grid gap-4 sm:grid-cols-2">
          <LaunchStatusCard status={member.launch.status} invitePath={member.launch.invitePath} />
          <CrewNameCard crewName={member.crewName} error={actionData?.crewNameError ?? null} />
          <Card>
            <CardHeader>
              <CardDescription className="flex items-center gap-2"><Trophy className="size-4" aria-hidden="true" /> {i18n._("Points")}</CardDescription>
              <CardTitle as="p" size="figure" data-testid="dashboard-points">{i18n.number(member.points)}</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              {member.place && <PlaceInLineNote place={member.place} />}
              <NextMilestoneProgress milestone={member.milestone} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardDescription className="flex items-center gap-2"><Users className="size-4" aria-hidden="true" /> {i18n._("Referrals made")}</CardDescription>
              <CardTitle as="p" size="figure" data-testid="dashboard-referrals">{i18n.number(member.referralsMade)}</CardTitle>
            </CardHeader>
            <CardContent className="space-y-1 text-sm text-muted-foreground">
              {member.pendingReferrals > 0 && (
                <p className="font-semibold text-foreground" data-testid="pending-referrals">{pendingReferralsText(member.pendingReferrals, i18n)}</p>
              )}
              <p>{referralEarningsText(member.creditMode, REFERRER_POINTS, i18n)}</p>
            </CardContent>
          </Card>
          {member.history && <PointsHistoryCard history={member.history} />}
          <EmailPreferencesCard status={member.emailStatus} />
          <MyDataCard isFresh={member.myData.isFresh} message={actionData?.myData ?? member.myData.message} freshMinutes={member.myData.freshMinutes} />
          {member.family && <MyFamily family={member.family.children} choices={member.family.ageQuestion} answer={actionData?.family} />}
          <Card className="sm:col-span-2">
            <CardHeader>
              <CardDescription className="flex items-center gap-2"><Share2 className="size-4" aria-hidden="true" /> {i18n._("Invite friends")}</CardDescription>
            </CardHeader>
            <CardContent className="space-y-4">
              <ReferralLinkBox link={member.link} />
              <ShareButtons referralCode={member.referralCode} />
            </CardContent>
          </Card>
        </div>
      ) : (
        <Card className="mt-8">
          <CardHeader>
            <CardTitle as="h2">{i18n._("You're not on the waitlist yet")}</CardTitle>
            <CardDescription>{i18n._("Join with {email} to get your referral link, earn points and climb the leaderboard.", { email })}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild>
              <Link to="/join-waitlist">{i18n._("Join the Waitlist")}</Link>
            </Button>
          </CardContent>
        </Card>
      )}

      <div className="mt-8 flex flex-wrap gap-3">
        {leaderboardVisible && (
          <Button asChild variant="secondary">
            <Link to="/leaderboard"><Trophy aria-hidden="true" /> {i18n._("View Leaderboard")}</Link>
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to="/rewards"><Gift aria-hidden="true" /> {i18n._("See Rewards")}</Link>
        </Button>
        {isAdmin && (
          <Button asChild>
            <Link to="/admin">{i18n._("Access Admin Panel")}</Link>
          </Button>
        )}
        <Form method="post" action="/logout">
          <input type="hidden" name="from" value="/dashboard" />
          <Button type="submit" variant="ghost">{i18n._("Sign Out")}</Button>
        </Form>
      </div>
    </main>
  );
}
