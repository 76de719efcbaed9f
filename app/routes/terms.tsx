import type { ChromeHandle } from "~/lib/route-chrome";
import { Link } from "react-router";
import type { Route } from "./+types/terms";
import { LegalPage } from "~/components/legal-page";
import { contactEmailFrom, siteNameFrom } from "~/lib/site-name";
import { loadLegalFacts } from "~/lib/consent/legal-facts.server";

// Nothing here needs a script: the page ships no JavaScript (ADR 0024).
export const handle: ChromeHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Terms of Service | ${siteNameFrom(matches)}` },
  { name: "description", content: `The rules of the ${siteNameFrom(matches)} waitlist, referral program and monthly giveaways.` },
];

export async function loader() {
  return loadLegalFacts();
}

export default function Terms({ matches, loaderData }: Route.ComponentProps) {
  const siteName = siteNameFrom(matches);
  const { consentAge } = loaderData;
  const contactEmail = contactEmailFrom(matches);
  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <p>
          These terms explain the rules for using the {siteName} website, waitlist, referral program and leaderboard,
          run by New Vista Studios ("we", "us"). We have tried to keep them short and clear. Grown-ups, please read them
          with your kids.
        </p>
      }
    >
      <section aria-labelledby="acceptance">
        <h2 id="acceptance">1. Acceptance of these terms</h2>
        <p>
          By joining the waitlist, signing in or otherwise using the site, you agree to these terms and to our{" "}
          <Link to="/privacy">Privacy Policy</Link>. If you do not agree, please do not use the site.
        </p>
      </section>

      <section aria-labelledby="eligibility">
        <h2 id="eligibility">2. Eligibility</h2>
        <p>
          If you are {consentAge} or older you may join the waitlist yourself. Younger visitors need a parent's or
          guardian's consent first: the join form asks for the parent's e-mail address and we ask the parent. A child's
          membership uses the parent's address, and the parent agrees to these terms and manages it on the child's
          behalf. Parents and guardians are responsible for how their children use the site.
        </p>
      </section>

      <section aria-labelledby="accounts">
        <h2 id="accounts">3. Accounts and the waitlist</h2>
        <p>
          Joining the waitlist needs a working e-mail address that belongs to you (or, for a child, to the parent or
          guardian). One address can join once. Crew members sign in with a one-time link sent by e-mail; keep your
          inbox safe, because anyone who can read it can sign in as you.
        </p>
        <p>
          To run the waitlist we collect your e-mail address, optional names (for example in a contact message),
          cookies, usage data (such as whether you watched the trailer) and referral information (your referral code
          and who joined with it). The <Link to="/privacy">Privacy Policy</Link> explains exactly how we use them.
        </p>
      </section>

      <section aria-labelledby="referrals">
        <h2 id="referrals">4. Referrals, points and rewards</h2>
        <ul>
          <li>
            Points are earned as described on the <Link to="/rewards">Rewards page</Link>: for joining, for each friend
            who joins with your link, and for your first trailer view.
          </li>
          <li>Referrals must be real people who chose to join. Fake addresses, bots or bought sign-ups are not allowed, and you cannot refer yourself.</li>
          <li>We may correct points, remove referrals or block an entry that breaks these rules; a blocked entry cannot win prizes.</li>
          <li>
            Prizes are awarded as described on the Rewards page, cannot be exchanged for cash, and may be replaced by a
            prize of similar value if one runs out. Winners claim a prize on our site from the e-mail we send; for a child, the parent claims it.
          </li>
        </ul>
      </section>

      <section aria-labelledby="acceptable-use">
        <h2 id="acceptable-use">5. Acceptable use</h2>
        <p>Please be kind and play fair. You agree not to:</p>
        <ul>
          <li>try to break, overload or get around the security of the site;</li>
          <li>use the site or your referral link to send spam or to mislead people;</li>
          <li>copy the site's content in bulk or use automated tools to collect it;</li>
          <li>pretend to be someone else or use an e-mail address that is not yours.</li>
        </ul>
      </section>

      <section aria-labelledby="ip">
        <h2 id="ip">6. Intellectual property</h2>
        <p>
          The series, its characters, artwork, trailers, logos and the site itself belong to New Vista Studios and are
          protected by copyright and trademark law. You may share your referral link and our official trailer links;
          any other use needs our written permission.
        </p>
      </section>

      <section aria-labelledby="termination">
        <h2 id="termination">7. Termination</h2>
        <p>
          You can leave the waitlist at any time by writing to us. We may suspend or remove an entry that breaks these
          terms, and we may close the waitlist or the referral program when the series launches. Sections 6, 8 and 9
          continue to apply after that.
        </p>
      </section>

      <section aria-labelledby="disclaimers">
        <h2 id="disclaimers">8. Disclaimers and changes</h2>
        <p>
          The site is provided "as is" during the pre-launch period. We do our best to keep it running and accurate,
          but we cannot promise it will always be available or free of mistakes, and release dates shown on the site
          are plans, not promises. To the extent the law allows, we are not liable for indirect losses arising from
          your use of the site. We may update the site, the rewards or these terms; if a change matters to you, we
          will tell you by e-mail or on this page and change the date above.
        </p>
      </section>

      <section aria-labelledby="governing-law">
        <h2 id="governing-law">9. Governing law</h2>
        <p>
          These terms are governed by the laws of the State of Nevada, USA, without regard to its conflict-of-law
          rules. Any dispute will be handled by the state or federal courts located in Clark County, Nevada.
        </p>
      </section>

      <section aria-labelledby="contact">
        <h2 id="contact">10. Contact</h2>
        <p>
          Questions about these terms? Write to <a href={`mailto:${contactEmail}`}>{contactEmail}</a> or use our{" "}
          <Link to="/contact">contact form</Link>. [Studio postal address to be added before launch.]
        </p>
      </section>
    </LegalPage>
  );
}
