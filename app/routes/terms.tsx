import { Trans, useLingui } from "@lingui/react";
import type { ChromeHandle } from "~/lib/route-chrome";
import { Link } from "react-router";
import type { Route } from "./+types/terms";
import { LegalPage } from "~/components/legal-page";
import { contactEmailFrom, siteNameFrom } from "~/lib/site-name";
import { loadLegalFacts } from "~/lib/consent/legal-facts.server";
import { getEnv } from "~/kernel/env.server";
import { pageTranslation } from "~/lib/i18n/catalogs.server";

// Nothing here needs a script: the page ships no JavaScript (ADR 0024).
export const handle: ChromeHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `${data?.meta.title ?? ""} | ${siteNameFrom(matches)}` },
  { name: "description", content: data?.meta.description ?? "" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { language, i18n, messages } = pageTranslation(request, "terms");
  const meta = {
    title: i18n._("Terms of Service"),
    description: i18n._("The rules of the {siteName} waitlist, referral program and monthly giveaways.", { siteName: getEnv().SITE_NAME }),
  };
  return { ...(await loadLegalFacts(language)), meta, messages };
}

export default function Terms({ matches, loaderData }: Route.ComponentProps) {
  const siteName = siteNameFrom(matches);
  const { consentAge } = loaderData;
  const contactEmail = contactEmailFrom(matches);
  const { i18n } = useLingui();
  return (
    <LegalPage
      title={i18n._("Terms of Service")}
      intro={
        <p>
          {i18n._(
            'These terms explain the rules for using the {siteName} website, waitlist, referral program and leaderboard, run by New Vista Studios ("we", "us"). We have tried to keep them short and clear. Grown-ups, please read them with your kids.',
            { siteName },
          )}
        </p>
      }
    >
      <section aria-labelledby="acceptance">
        <h2 id="acceptance">{i18n._("1. Acceptance of these terms")}</h2>
        <p>
          <Trans
            id="By joining the waitlist, signing in or otherwise using the site, you agree to these terms and to our <0>Privacy Policy</0>. If you do not agree, please do not use the site."
            components={{ 0: <Link to="/privacy" /> }}
          />
        </p>
      </section>

      <section aria-labelledby="eligibility">
        <h2 id="eligibility">{i18n._("2. Eligibility")}</h2>
        <p>
          {i18n._(
            "If you are at or over the consent age for the country you give on the age question ({consentAge} unless our Privacy Policy names another for your country), you may join the waitlist yourself. Younger visitors need a parent's or guardian's consent first: the join form asks for the parent's e-mail address and we ask the parent. A child's membership uses the parent's address, and the parent agrees to these terms and manages it on the child's behalf. Parents and guardians are responsible for how their children use the site.",
            { consentAge },
          )}
        </p>
      </section>

      <section aria-labelledby="accounts">
        <h2 id="accounts">{i18n._("3. Accounts and the waitlist")}</h2>
        <p>
          {i18n._(
            "Joining the waitlist needs a working e-mail address that belongs to you (or, for a child, to the parent or guardian). One address can join once. Crew members sign in with a one-time link sent by e-mail; keep your inbox safe, because anyone who can read it can sign in as you.",
          )}
        </p>
        <p>
          <Trans
            id="To run the waitlist we collect your e-mail address, optional names (for example in a contact message), cookies, usage data (such as whether you watched the trailer) and referral information (your referral code and who joined with it). The <0>Privacy Policy</0> explains exactly how we use them."
            components={{ 0: <Link to="/privacy" /> }}
          />
        </p>
      </section>

      <section aria-labelledby="referrals">
        <h2 id="referrals">{i18n._("4. Referrals, points and rewards")}</h2>
        <ul>
          <li>
            <Trans
              id="Points are earned as described on the <0>Rewards page</0>: for joining, for each friend who joins with your link, and for your first trailer view."
              components={{ 0: <Link to="/rewards" /> }}
            />
          </li>
          <li>{i18n._("Referrals must be real people who chose to join. Fake addresses, bots or bought sign-ups are not allowed, and you cannot refer yourself.")}</li>
          <li>{i18n._("We may correct points, remove referrals or block an entry that breaks these rules; a blocked entry cannot win prizes.")}</li>
          <li>
            {i18n._(
              "Prizes are awarded as described on the Rewards page, cannot be exchanged for cash, and may be replaced by a prize of similar value if one runs out. Winners claim a prize on our site from the e-mail we send; for a child, the parent claims it.",
            )}
          </li>
        </ul>
      </section>

      <section aria-labelledby="acceptable-use">
        <h2 id="acceptable-use">{i18n._("5. Acceptable use")}</h2>
        <p>{i18n._("Please be kind and play fair. You agree not to:")}</p>
        <ul>
          <li>{i18n._("try to break, overload or get around the security of the site;")}</li>
          <li>{i18n._("use the site or your referral link to send spam or to mislead people;")}</li>
          <li>{i18n._("copy the site's content in bulk or use automated tools to collect it;")}</li>
          <li>{i18n._("pretend to be someone else or use an e-mail address that is not yours.")}</li>
        </ul>
      </section>

      <section aria-labelledby="ip">
        <h2 id="ip">{i18n._("6. Intellectual property")}</h2>
        <p>
          {i18n._(
            "The series, its characters, artwork, trailers, logos and the site itself belong to New Vista Studios and are protected by copyright and trademark law. You may share your referral link and our official trailer links; any other use needs our written permission.",
          )}
        </p>
      </section>

      <section aria-labelledby="termination">
        <h2 id="termination">{i18n._("7. Termination")}</h2>
        <p>
          {i18n._(
            "You can leave the waitlist at any time by writing to us. We may suspend or remove an entry that breaks these terms, and we may close the waitlist or the referral program when the series launches. Sections 6, 8 and 9 continue to apply after that.",
          )}
        </p>
      </section>

      <section aria-labelledby="disclaimers">
        <h2 id="disclaimers">{i18n._("8. Disclaimers and changes")}</h2>
        <p>
          {i18n._(
            'The site is provided "as is" during the pre-launch period. We do our best to keep it running and accurate, but we cannot promise it will always be available or free of mistakes, and release dates shown on the site are plans, not promises. To the extent the law allows, we are not liable for indirect losses arising from your use of the site. We may update the site, the rewards or these terms; if a change matters to you, we will tell you by e-mail or on this page and change the date above.',
          )}
        </p>
      </section>

      <section aria-labelledby="governing-law">
        <h2 id="governing-law">{i18n._("9. Governing law")}</h2>
        <p>
          {i18n._(
            "These terms are governed by the laws of the State of Nevada, USA, without regard to its conflict-of-law rules. Any dispute will be handled by the state or federal courts located in Clark County, Nevada.",
          )}
        </p>
      </section>

      <section aria-labelledby="contact">
        <h2 id="contact">{i18n._("10. Contact")}</h2>
        <p>
          <Trans
            id="Questions about these terms? Write to <0>{contactEmail}</0> or use our <1>contact form</1>. [Studio postal address to be added before launch.]"
            values={{ contactEmail }}
            components={{ 0: <a href={`mailto:${contactEmail}`} />, 1: <Link to="/contact" /> }}
          />
        </p>
      </section>
    </LegalPage>
  );
}
