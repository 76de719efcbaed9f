import { Trans, useLingui } from "@lingui/react";
import type { ChromeHandle } from "~/lib/route-chrome";
import { Link } from "react-router";
import type { Route } from "./+types/privacy";
import { LegalPage } from "~/components/legal-page";
import { contactEmailFrom, siteNameFrom } from "~/lib/site-name";
import { loadLegalFacts } from "~/lib/consent/legal-facts.server";
import { FAMILY_CHILDREN_LIMIT, NOT_MY_CHILD_DAYS } from "~/lib/consent/consent-rules";
import { ERASURE_LINK_HOURS } from "~/lib/privacy/erasure-link.server";
import { FRESH_SIGN_IN_MINUTES } from "~/lib/privacy/privacy-request.server";
import { getEnv } from "~/kernel/env.server";
import { formatDate } from "~/lib/format";
import { pageTranslation } from "~/lib/i18n/catalogs.server";
import { FORMAT_LOCALES } from "~/kernel/i18n/languages";

// Nothing here needs a script: the page ships no JavaScript (ADR 0024).

/** The studio's table as a sentence in the page's language: "Spain 14, France 15 and …" (ADR 0063). */
function countryAgeList(locale: string, table: Record<string, number>): string {
  const names = new Intl.DisplayNames([locale], { type: "region", fallback: "code" });
  const collator = new Intl.Collator(locale);
  const rows = Object.entries(table)
    .map(([code, age]) => ({ name: names.of(code) ?? code, age }))
    .sort((a, b) => collator.compare(a.name, b.name))
    .map((row) => `${row.name} ${row.age}`);
  return new Intl.ListFormat(locale, { type: "conjunction" }).format(rows.length > 0 ? rows : ["—"]);
}
export const handle: ChromeHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `${data?.page.title ?? ""} | ${siteNameFrom(matches)}` },
  { name: "description", content: data?.page.description ?? "" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { language, i18n, messages } = pageTranslation(request, "privacy");
  // The notice's version in the page's language: the Spanish notice is a version of its own (ADR 0054).
  const facts = await loadLegalFacts(language);
  const since = formatDate(facts.noticeSince, "date", { timeZone: "UTC", locale: FORMAT_LOCALES[language] });
  const page = {
    title: i18n._("Privacy Policy"),
    description: i18n._("What {siteName} stores about crew members, why, for how long, and how to have it deleted.", { siteName: getEnv().SITE_NAME }),
    version: i18n._("Privacy notice version {version}, in effect since {since}.", { version: facts.noticeVersion, since }),
  };
  return { ...facts, freshSignInMinutes: FRESH_SIGN_IN_MINUTES, erasureLinkHours: ERASURE_LINK_HOURS, page, messages };
}

export default function Privacy({ matches, loaderData }: Route.ComponentProps) {
  const siteName = siteNameFrom(matches);
  const contactEmail = contactEmailFrom(matches);
  const { siteAudience, consentAge, consentAgeByCountry, consentRequestDays, unconfirmedMemberDays, launchDate, monthsAfterLaunch, everythingDeletedOn, freshSignInMinutes, erasureLinkHours, page } = loaderData;
  const { i18n } = useLingui();
  const countryAges = countryAgeList(i18n.locale, consentAgeByCountry);
  return (
    <LegalPage
      title={i18n._("Privacy Policy")}
      intro={
        <>
          <p>
            {i18n._(
              'This policy explains what New Vista Studios collects when you use the {siteName} website, why, and the choices you have. We collect as little as we can, and we never sell your data. Parents: the short version is under "Children" below.',
              { siteName },
            )}
          </p>
          <p>{page.version}</p>
        </>
      }
    >
      <section aria-labelledby="collect">
        <h2 id="collect">{i18n._("What we collect")}</h2>
        <ul>
          <li>
            <Trans
              id="<0>An e-mail address</0>: yours, or for a child a parent's or guardian's. We use it for the waitlist, your referral link, sign-in links, news and your invitation when your wave opens."
              components={{ 0: <strong /> }}
            />
          </li>
          <li>
            <Trans
              id="<0>An age band</0>: whether you are under the consent age for your country or not, with the country you gave on the age question and that age. We ask the month and year you were born and the country, and keep only the band, the country and the age, never the date."
              components={{ 0: <strong /> }}
            />
          </li>
          <li>
            <Trans id="<0>Points and referrals</0>: your points, your referral code, who invited you and how many friends joined with your link." components={{ 0: <strong /> }} />
          </li>
          <li>
            <Trans
              id="<0>Coarse context</0>: a device type (phone, tablet or computer), a country guessed from your browser's language and time zone, and the network part of your internet address (not the whole address), used to spot fake sign-ups."
              components={{ 0: <strong /> }}
            />
          </li>
          <li>
            <Trans
              id="<0>Your language</0>: English or Spanish, the one the site was showing when you joined (your browser's preference, or the language you picked), so that news from us can be written in it. Picking a language while signed in changes it."
              components={{ 0: <strong /> }}
            />
          </li>
          <li>
            <Trans id="<0>Your place in the launch</0>: whether a wave has invited you, and when you accepted." components={{ 0: <strong /> }} />
          </li>
          <li>
            <Trans id="<0>Your consent</0>: how it was given (by you, or by a parent), when, and which version of this notice." components={{ 0: <strong /> }} />
          </li>
          <li>
            <Trans id="<0>A shipping address</0>, only if you win a prize and claim it: stored encrypted, seen only by our prize team." components={{ 0: <strong /> }} />
          </li>
          <li>
            <Trans id="<0>Contact messages</0>: e-mailed to our team; the site does not keep a copy." components={{ 0: <strong /> }} />
          </li>
        </ul>
      </section>

      <section aria-labelledby="public">
        <h2 id="public">{i18n._("What is public")}</h2>
        <p>
          {i18n._(
            'On the leaderboard, the Hall of Fame, share pictures and everywhere else anyone can see, a member appears only as a crew name made from a word list (like "Brave Otter 42") with a drawn avatar, and their points. Never a name, an e-mail address or any part of one. Members can pick a new crew name from their dashboard.',
          )}
        </p>
      </section>

      <section aria-labelledby="cookies">
        <h2 id="cookies">{i18n._("Cookies")}</h2>
        <p>
          {i18n._(
            'We only use cookies the site needs: one that remembers you joined on this device, one that keeps a friend\'s referral code until you join, one that remembers an answer to the age question for a day (with a scrambled fingerprint of each address typed there, so nobody can give their own address as their parent\'s), one that remembers the language you picked (it says only "en" or "es") for a year, and a session cookie while a crew member is signed in. We use no advertising or cross-site tracking cookies. If you block cookies, the waitlist still works but referral credit and signing in may not.',
          )}
        </p>
      </section>

      <section aria-labelledby="sharing">
        <h2 id="sharing">{i18n._("Sharing")}</h2>
        <p>
          {i18n._(
            "We do not sell or rent your data. E-mails are delivered through our mail provider and the site runs on our hosting provider; they may only use your data to provide those services to us. We share information with authorities only when the law requires it.",
          )}
        </p>
      </section>

      <section aria-labelledby="retention">
        <h2 id="retention">{i18n._("How long we keep it")}</h2>
        <ul>
          <li>
            {everythingDeletedOn
              ? i18n._(
                  "A membership: until it is deleted, from the dashboard's My data, by a parent's withdrawal or when you ask us, and at the latest on {deletedOn}: {months} months after the launch on {launchDate}, every remaining membership is deleted.",
                  { deletedOn: everythingDeletedOn, months: monthsAfterLaunch, launchDate },
                )
              : i18n._("A membership: until it is deleted, from the dashboard's My data, by a parent's withdrawal or when you ask us.")}
          </li>
          <li>{i18n._("A membership whose e-mail address was never confirmed: {days} days after joining, then it is deleted.", { days: unconfirmedMemberDays })}</li>
          <li>{i18n._("A parent's request that nobody answered: {days} days, then it is deleted with the parent's address.", { days: consentRequestDays })}</li>
          <li>{i18n._("A \"This is not my child\" answer: {days} days, kept only as a scrambled fingerprint of the address, then it is deleted.", { days: NOT_MY_CHILD_DAYS })}</li>
          <li>{i18n._("The text of e-mails we sent: 1 day (we keep only who, when and the subject; for news sent to the whole list, which message it was).")}</li>
          <li>
            {i18n._(
              "E-mails our team writes while rehearsing launch day (a practice news e-mail, invitation or prize e-mail): they never leave the site, and are deleted when the rehearsal ends.",
            )}
          </li>
          <li>{i18n._("A prize winner's shipping address: until 30 days after the prize ships.")}</li>
          <li>{i18n._("Records that limit how often something can be tried: 2 days.")}</li>
        </ul>
      </section>

      <section aria-labelledby="children">
        <h2 id="children">{i18n._("Children")}</h2>
        {siteAudience === "children_first" && (
          <p data-testid="children-first">
            {i18n._(
              "This site is run for children first: we ask nobody's age and treat every visitor as a child. The join form asks only for a parent's or guardian's e-mail address, and every sign-up is a request to that grown-up, as described below; nothing about the child is kept until the grown-up says yes.",
            )}
          </p>
        )}
        <p>
          {i18n._(
            "The consent age depends on the country given on the age question, as set in our studio's settings from each country's law: {countryAges}. For every other country, or when none is given, it is {consentAge}.",
            { countryAges, consentAge },
          )}
        </p>
        <p>
          {i18n._(
            "Anyone who tells us they are under the consent age for their country cannot join by themselves, and we do not keep the e-mail address they typed. Instead we ask for a parent's or guardian's address and send the parent a note that says what the crew is, what we would keep and what is public. Until the parent answers we keep only their address, the device type, the network part of the internet address the request came from, and the country the child gave with the consent age it set. Nothing happens unless the parent says yes. If they say no, or do not answer within {days} days, we delete their address, the request and our note to them.",
            { days: consentRequestDays },
          )}
        </p>
        <p>
          {i18n._(
            "If the parent says yes, the membership uses the parent's address, the child plays under a crew name, and we send the parent a confirmation a day later. Every e-mail we send the parent has a link to withdraw consent, which deletes the membership and its data at once. If a child wins a prize, the parent claims it.",
          )}
        </p>
        <p data-testid="families">
          {i18n._(
            "A family shares the parent's address: each child the parent says yes to is a crew member of their own, with their own crew name, referral link and points (up to {limit} children on one address), and a grown-up who is a fan too keeps their own membership beside them. Brothers and sisters never count as each other's referrals. Signed in, the parent sees every child under \"My family\" on the dashboard, can add another child there without a second e-mail (we record the same consent, with this notice's version), and can remove one child, which deletes that child's membership and data only; the rest of the family stays as it is.",
            { limit: FAMILY_CHILDREN_LIMIT },
          )}
        </p>
        <p>
          {i18n._(
            "Saying yes, the parent also answers \"Show on the public leaderboard\"; neither answer is chosen for them. With \"No\", the child's crew name is on no public page, list, invite card or feed, and the child still earns points and keeps a place the parent sees on the dashboard. Children whose parent said yes before we asked are not shown until the parent turns it on. Separately, and off unless the parent turns it on, \"Share with the studio's partners\" is the only way anything of the child reaches the services the studio connects to this site (event notifications and connected apps): without it they receive nothing of the child. Joining never depends on it. The parent changes both at any time under \"My family\" on the dashboard.",
          )}
        </p>
        <p>
          {i18n._(
            "A grown-up who does not know the child can answer \"This is not my child\". We then delete the request, their address and our note, and for {days} days we send no request to that address: a child who gives it is told only that we have sent enough requests for now, and we keep and send nothing. To recognise the address we keep a scrambled fingerprint of it (a hash it cannot be read back from), never the address itself, and delete it after those {days} days, even if that grown-up's own data is deleted sooner.",
            { days: NOT_MY_CHILD_DAYS },
          )}
        </p>
      </section>

      <section aria-labelledby="unsubscribe">
        <h2 id="unsubscribe">{i18n._("Unsubscribing")}</h2>
        <p>
          {i18n._(
            "Every e-mail we send that you did not ask for at that moment (welcome, news, invitations, prize e-mails) has an Unsubscribe link at the bottom, and your mail app may show an Unsubscribe button: one click stops them, without signing in. Sign-in links you ask for, a parent's consent request and its confirmation still arrive. To keep you unsubscribed, even after your data is deleted or if you join again, we keep a scrambled fingerprint of the address (a hash it cannot be read back from), never the address itself; we do the same when an address stops accepting mail. Signed in, your dashboard turns these e-mails off, or on again; an invitation we did not e-mail still waits there.",
          )}
        </p>
      </section>

      <section aria-labelledby="rights">
        <h2 id="rights">{i18n._("Your rights and choices")}</h2>
        <p>
          <Trans
            id={"Signed in, your dashboard's <0>My data</0> gives you a copy of everything we keep about your membership as one file, or deletes it all. Both need a sign-in from the last {minutes} minutes. To delete, we e-mail a link to the membership's address that works once, for {hours} hours; once it is confirmed, the membership, points history, referrals, place on the leaderboard, sign-in, e-mails and records about it are deleted everywhere. Points already given to friends stay with them, and past standings show \"Former crew member\". Of the membership we keep only a note that it was deleted, when and by whom (and, if you unsubscribed, the fingerprint described under \"Unsubscribing\"), and we tell the services we send events to that they should forget it."}
            values={{ minutes: freshSignInMinutes, hours: erasureLinkHours }}
            components={{ 0: <strong /> }}
          />
        </p>
        <p>
          {i18n._(
            "To correct it: the dashboard changes your e-mail address (the membership moves once you follow the link we send to the new address, and we tell the old one) and picks you a new crew name.",
          )}
        </p>
        <p>
          <Trans
            id="You can also ask us for a copy of your data, to correct it or to delete it, and to stop our e-mails, by writing to <0>{contactEmail}</0>; parents can also withdraw consent from any of our e-mails. Nevada residents may also ask us not to sell their personal information; we do not sell it to anyone. This policy is governed by the laws of the State of Nevada, USA, as are our <1>Terms of Service</1>."
            values={{ contactEmail }}
            components={{ 0: <a href={`mailto:${contactEmail}`} />, 1: <Link to="/terms" /> }}
          />
        </p>
      </section>

      <section aria-labelledby="privacy-contact">
        <h2 id="privacy-contact">{i18n._("Contact")}</h2>
        <p>
          <Trans
            id="Privacy questions or requests: <0>{contactEmail}</0>, or use our <1>contact form</1>."
            values={{ contactEmail }}
            components={{ 0: <a href={`mailto:${contactEmail}`} />, 1: <Link to="/contact" /> }}
          />
        </p>
      </section>
    </LegalPage>
  );
}
