import { useLingui } from "@lingui/react";
import type { ChromeHandle } from "~/lib/route-chrome";
import { Link } from "react-router";
import type { Route } from "./+types/privacy";
import { LegalPage } from "~/components/legal-page";
import { contactEmailFrom, siteNameFrom } from "~/lib/site-name";
import { loadLegalFacts } from "~/lib/consent/legal-facts.server";
import { ERASURE_LINK_HOURS } from "~/lib/privacy/erasure-link.server";
import { FRESH_SIGN_IN_MINUTES } from "~/lib/privacy/privacy-request.server";
import { getEnv } from "~/lib/env.server";
import { formatDate } from "~/lib/format";
import { pageTranslation } from "~/lib/i18n/catalogs.server";
import { FORMAT_LOCALES } from "~/lib/i18n/languages";

// Nothing here needs a script: the page ships no JavaScript (ADR 0024).
export const handle: ChromeHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `${data?.page.title ?? ""} | ${siteNameFrom(matches)}` },
  { name: "description", content: data?.page.description ?? "" },
];

/** The page's own words around the notice (issue 31): its title and the line naming the notice's version. */
function pageWords(request: Request, notice: { noticeVersion: number; noticeSince: string }) {
  const { language, i18n, messages } = pageTranslation(request, "privacy");
  const since = formatDate(notice.noticeSince, "date", { timeZone: "UTC", locale: FORMAT_LOCALES[language] });
  return {
    title: i18n._("Privacy Policy"),
    description: i18n._("What {siteName} stores about crew members, why, for how long, and how to have it deleted.", { siteName: getEnv().SITE_NAME }),
    version: i18n._("Privacy notice version {version}, in effect since {since}.", { version: notice.noticeVersion, since }),
    messages,
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  const facts = await loadLegalFacts();
  const { messages, ...page } = pageWords(request, facts);
  return { ...facts, freshSignInMinutes: FRESH_SIGN_IN_MINUTES, erasureLinkHours: ERASURE_LINK_HOURS, page, messages };
}

export default function Privacy({ matches, loaderData }: Route.ComponentProps) {
  const siteName = siteNameFrom(matches);
  const contactEmail = contactEmailFrom(matches);
  const { consentAge, consentRequestDays, unconfirmedMemberDays, launchDate, monthsAfterLaunch, everythingDeletedOn, freshSignInMinutes, erasureLinkHours, page } = loaderData;
  const { i18n } = useLingui();
  return (
    <LegalPage
      title={i18n._("Privacy Policy")}
      intro={
        <>
          <p>
            This policy explains what New Vista Studios collects when you use the {siteName} website, why, and the
            choices you have. We collect as little as we can, and we never sell your data. Parents: the short version
            is under "Children" below.
          </p>
          <p>{page.version}</p>
        </>
      }
    >
      <section aria-labelledby="collect">
        <h2 id="collect">What we collect</h2>
        <ul>
          <li>
            <strong>An e-mail address</strong>: yours, or for a child a parent's or guardian's. We use it for the
            waitlist, your referral link, sign-in links, news and your invitation when your wave opens.
          </li>
          <li>
            <strong>An age band</strong>: whether you are under {consentAge} or not. We ask the month and year you were
            born and keep only the band, never the date.
          </li>
          <li><strong>Points and referrals</strong>: your points, your referral code, who invited you and how many friends joined with your link.</li>
          <li>
            <strong>Coarse context</strong>: a device type (phone, tablet or computer), a country guessed from your
            browser's language and time zone, and the network part of your internet address (not the whole address),
            used to spot fake sign-ups.
          </li>
          <li>
            <strong>Your language</strong>: English or Spanish, the one the site was showing when you joined (your
            browser's preference, or the language you picked), so that news from us can be written in it. Picking a
            language while signed in changes it.
          </li>
          <li><strong>Your place in the launch</strong>: whether a wave has invited you, and when you accepted.</li>
          <li><strong>Your consent</strong>: how it was given (by you, or by a parent), when, and which version of this notice.</li>
          <li><strong>A shipping address</strong>, only if you win a prize and claim it: stored encrypted, seen only by our prize team.</li>
          <li><strong>Contact messages</strong>: e-mailed to our team; the site does not keep a copy.</li>
        </ul>
      </section>

      <section aria-labelledby="public">
        <h2 id="public">What is public</h2>
        <p>
          On the leaderboard, the Hall of Fame, share pictures and everywhere else anyone can see, a member appears only
          as a crew name made from a word list (like "Brave Otter 42") with a drawn avatar, and their points. Never a
          name, an e-mail address or any part of one. Members can pick a new crew name from their dashboard.
        </p>
      </section>

      <section aria-labelledby="cookies">
        <h2 id="cookies">Cookies</h2>
        <p>
          We only use cookies the site needs: one that remembers you joined on this device, one that keeps a friend's
          referral code until you join, one that remembers an answer to the age question for a day, one that remembers
          the language you picked (it says only "en" or "es") for a year, and a session cookie while a crew member is
          signed in. We use no advertising or cross-site tracking cookies. If you block
          cookies, the waitlist still works but referral credit and signing in may not.
        </p>
      </section>

      <section aria-labelledby="sharing">
        <h2 id="sharing">Sharing</h2>
        <p>
          We do not sell or rent your data. E-mails are delivered through our mail provider and the site runs on our
          hosting provider; they may only use your data to provide those services to us. We share information with
          authorities only when the law requires it.
        </p>
      </section>

      <section aria-labelledby="retention">
        <h2 id="retention">How long we keep it</h2>
        <ul>
          <li>
            A membership: until it is deleted, from the dashboard's My data, by a parent's withdrawal or when you ask us
            {everythingDeletedOn
              ? `, and at the latest on ${everythingDeletedOn}: ${monthsAfterLaunch} months after the launch on ${launchDate}, every remaining membership is deleted.`
              : "."}
          </li>
          <li>{`A membership whose e-mail address was never confirmed: ${unconfirmedMemberDays} days after joining, then it is deleted.`}</li>
          <li>A parent's request that nobody answered: {consentRequestDays} days, then it is deleted with the parent's address.</li>
          <li>The text of e-mails we sent: 1 day (we keep only who, when and the subject; for news sent to the whole list, which message it was).</li>
          <li>E-mails our team writes while rehearsing launch day (a practice news e-mail, invitation or prize e-mail): they never leave the site, and are deleted when the rehearsal ends.</li>
          <li>A prize winner's shipping address: until 30 days after the prize ships.</li>
          <li>Records that limit how often something can be tried: 2 days.</li>
        </ul>
      </section>

      <section aria-labelledby="children">
        <h2 id="children">Children</h2>
        <p>
          Anyone who tells us they are under {consentAge} cannot join by themselves, and we do not keep the e-mail
          address they typed. Instead we ask for a parent's or guardian's address and send the parent a note that says
          what the crew is, what we would keep and what is public. Nothing happens unless the parent says yes. If they
          say no, or do not answer within {consentRequestDays} days, we delete their address and the request.
        </p>
        <p>
          If the parent says yes, the membership uses the parent's address, the child plays under a crew name, and we
          send the parent a confirmation a day later. Every e-mail we send the parent has a link to withdraw consent,
          which deletes the membership and its data at once. If a child wins a prize, the parent claims it.
        </p>
      </section>

      <section aria-labelledby="unsubscribe">
        <h2 id="unsubscribe">Unsubscribing</h2>
        <p>
          Every e-mail we send that you did not ask for at that moment (welcome, news, invitations, prize e-mails) has an Unsubscribe
          link at the bottom, and your mail app may show an Unsubscribe button: one click stops them, without signing
          in. Sign-in links you ask for, a parent's consent request and its confirmation still arrive. To keep you
          unsubscribed, even after your data is deleted or if you join again, we keep a scrambled fingerprint of the
          address (a hash it cannot be read back from), never the address itself; we do the same when an address stops
          accepting mail. Signed in, your dashboard turns these e-mails off, or on again; an invitation we did not e-mail
          still waits there.
        </p>
      </section>

      <section aria-labelledby="rights">
        <h2 id="rights">Your rights and choices</h2>
        <p>
          Signed in, your dashboard's <strong>My data</strong> gives you a copy of everything we keep about your
          membership as one file, or deletes it all. Both need a sign-in from the last {freshSignInMinutes} minutes. To
          delete, we e-mail a link to the membership's address that works once, for {erasureLinkHours} hours; once it is
          confirmed, the membership, points history, referrals,
          place on the leaderboard, sign-in, e-mails and records about it are deleted everywhere. Points already given
          to friends stay with them, and past standings show "Former crew member". Of the membership we keep only a
          note that it was deleted, when and by whom (and, if you unsubscribed, the fingerprint described under
          "Unsubscribing"), and we tell the services we send events to that they should forget it.
        </p>
        <p>
          To correct it: the dashboard changes your e-mail address (the membership moves once you follow the link we
          send to the new address, and we tell the old one) and picks you a new crew name.
        </p>
        <p>
          You can also ask us for a copy of your data, to correct it or to delete it, and to stop our e-mails, by writing to{" "}
          <a href={`mailto:${contactEmail}`}>{contactEmail}</a>; parents can also withdraw consent from any of our
          e-mails. Nevada residents may also ask us not to sell their personal information; we do not sell it to
          anyone. This policy is governed by the laws of the State of Nevada, USA, as are our{" "}
          <Link to="/terms">Terms of Service</Link>.
        </p>
      </section>

      <section aria-labelledby="privacy-contact">
        <h2 id="privacy-contact">Contact</h2>
        <p>
          Privacy questions or requests: <a href={`mailto:${contactEmail}`}>{contactEmail}</a>, or use our{" "}
          <Link to="/contact">contact form</Link>.
        </p>
      </section>
    </LegalPage>
  );
}
