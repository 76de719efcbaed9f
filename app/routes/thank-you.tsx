import { Trans, useLingui } from "@lingui/react";
import { Gift, Home, MailCheck, PartyPopper, Trophy } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/thank-you";
import { ReferralLinkBox, ShareButtons } from "~/components/share-buttons";
import { useLiveSettings } from "~/components/live-settings";
import { Button } from "~/components/ui/button";
import { getCrewName } from "~/lib/crew-names/crew-name.server";
import { getEnv } from "~/kernel/env.server";
import { referralLink } from "~/lib/referrals/share-links";
import { getContentIn } from "~/lib/content/content.server";
import { getCurrentMember } from "~/lib/waitlist/current-member.server";
import { visitPlaceInLine } from "~/lib/leaderboard/place-movement.server";
import { PlaceInLineNote } from "~/components/place-in-line";
import { siteNameFrom } from "~/lib/site-name";
import { NoticePage } from "~/components/notice-page";
import { pageTranslation } from "~/lib/i18n/catalogs.server";

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  const siteName = siteNameFrom(matches);
  return [
    { title: `${loaderData?.meta.title ?? ""} | ${siteName}` },
    { name: "description", content: loaderData?.meta.description ?? "" },
    { name: "robots", content: "noindex" },
  ];
};

export async function loader({ request }: Route.LoaderArgs) {
  const { language, i18n, messages } = pageTranslation(request, "thank-you");
  const isNewMember = new URL(request.url).searchParams.get("welcome") === "new";
  const meta = (title: string) => ({ title, description: i18n._("Your {siteName} referral link and place in line.", { siteName: getEnv().SITE_NAME }) });
  // A returning member who joined again on a browser that is not theirs: their link went
  // to their inbox, and this page shows nobody's details.
  if (new URL(request.url).searchParams.get("emailed") === "1") {
    return { isEmailed: true, place: null, member: null, isNewMember: false, link: "", title: "", messageHtml: "", meta: meta(i18n._("Welcome Back!")), messages };
  }
  const member = await getCurrentMember(request);
  if (!member) return { isEmailed: false, place: null, member: null, isNewMember: false, link: "", title: "", messageHtml: "", meta: meta(i18n._("Oops!")), messages };
  const [{ confirmationPageTitle, confirmationPageMessage }, place, crewName] = await Promise.all([
    getContentIn(language, ["confirmationPageTitle", "confirmationPageMessage"]),
    visitPlaceInLine(member),
    getCrewName(member.id),
  ]);
  return {
    isEmailed: false,
    place,
    member: { email: member.email, referralCode: member.referralCode, crewName: crewName ?? "" },
    isNewMember,
    link: referralLink(getEnv().origin, member.referralCode, "copy"),
    title: confirmationPageTitle,
    messageHtml: confirmationPageMessage,
    meta: meta(isNewMember ? i18n._("You're In!") : i18n._("Welcome Back!")),
    messages,
  };
}

export default function ThankYou({ loaderData, matches }: Route.ComponentProps) {
  const siteName = siteNameFrom(matches);
  const { isEmailed, place, member, isNewMember, link, title, messageHtml } = loaderData;
  const { leaderboardVisible } = useLiveSettings();
  const { i18n } = useLingui();
  if (isEmailed) {
    return (
      <NoticePage
        icon={MailCheck}
        iconClassName="text-secondary"
        title={i18n._("Welcome Back!")}
        message={i18n._("We've e-mailed you your referral link. Open the e-mail to sign in and see your points.")}
        action={{ to: "/", label: i18n._("Back to Home"), variant: "outline" }}
      />
    );
  }
  if (!member) {
    return (
      <NoticePage
        title={i18n._("Oops!")}
        message={i18n._("It seems we couldn't find your details. Please try joining again.")}
        action={{ to: "/join-waitlist", label: i18n._("Join the Waitlist") }}
      />
    );
  }
  return (
    <main className="mx-auto w-full max-w-2xl flex-1 px-4 py-12">
      <div className="rounded-3xl border bg-card p-6 shadow-lg sm:p-10">
        <PartyPopper className="size-12 text-primary" aria-hidden="true" />
        <h1 className="mt-4 text-4xl font-extrabold">{isNewMember ? i18n._("You're In!") : i18n._("Welcome Back!")}</h1>
        <p className="mt-2 text-muted-foreground">{i18n._("{email} is on the {siteName} waitlist.", { email: member.email, siteName })}</p>
        <p className="mt-2 text-muted-foreground">
          <Trans
            id="Other fans see you as <0>{crewName}</0>. You can pick a new crew name on your dashboard."
            values={{ crewName: member.crewName }}
            components={{ 0: <strong className="text-foreground" data-testid="crew-name" /> }}
          />
        </p>
        {place && <PlaceInLineNote place={place} className="mt-4" />}
        {title && <h2 className="mt-6 text-xl font-bold">{title}</h2>}
        {/* Sanitised on save and again on read (settings.server.ts). */}
        {messageHtml && <div className="rich-text mt-2" dangerouslySetInnerHTML={{ __html: messageHtml }} />}
        <div className="mt-6">
          <ReferralLinkBox link={link} />
        </div>
        <div className="mt-6 space-y-2">
          <p className="text-sm font-semibold">{i18n._("Share it with friends and family")}</p>
          <ShareButtons referralCode={member.referralCode} />
        </div>
        <nav aria-label={i18n._("Next steps")} className="mt-8 flex flex-wrap gap-2 border-t pt-6">
          {leaderboardVisible && (
            <Button asChild variant="secondary">
              <Link to="/leaderboard"><Trophy aria-hidden="true" /> {i18n._("Leaderboard")}</Link>
            </Button>
          )}
          <Button asChild variant="outline">
            <Link to="/rewards"><Gift aria-hidden="true" /> {i18n._("Rewards")}</Link>
          </Button>
          <Button asChild variant="ghost">
            <Link to="/"><Home aria-hidden="true" /> {i18n._("Home")}</Link>
          </Button>
        </nav>
      </div>
    </main>
  );
}
