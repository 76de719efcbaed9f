import type { Route } from "./+types/terms";
import { LegalPage } from "~/components/legal-page";
import { contactEmailFrom, siteNameFrom } from "~/lib/site-name";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `Terms of Service | ${siteNameFrom(matches)}` }];

export default function Terms({ matches }: Route.ComponentProps) {
  const siteName = siteNameFrom(matches);
  const contactEmail = contactEmailFrom(matches);
  return (
    <LegalPage
      title="Terms of Service"
      intro={<p>These terms explain the rules for using the {siteName} website, waitlist, referral program and leaderboard, run by New Vista Studios. By joining the waitlist or using the site, you agree to them.</p>}
    >
      <section>
        <h2>1. Who can use the site</h2>
        <p>You must be at least 13 years old to join the waitlist yourself. Children under 13 may take part only through a parent or legal guardian who signs up, agrees to these terms and manages the account on their behalf.</p>
      </section>
      <section>
        <h2>2. The waitlist and your account</h2>
        <p>Joining the waitlist needs a working e-mail address. Please give one that belongs to you (or, for a child, to the parent or guardian). Crew members sign in with a one-time link sent by e-mail; keep access to your inbox safe, because anyone who can read it can sign in as you.</p>
      </section>
      <section>
        <h2>3. Referrals, points and rewards</h2>
        <ul>
          <li>Points are earned as described on the Rewards page: for joining, for friends who join with your link and for your first trailer view.</li>
          <li>Referrals must be real people who chose to join. Creating fake addresses, using bots or buying sign-ups is not allowed.</li>
          <li>We may correct points, reset referrals or block an account that breaks these rules, and such an account cannot win prizes.</li>
          <li>Prizes are awarded as described on the Rewards page, cannot be exchanged for cash and may be replaced by a prize of similar value if one runs out.</li>
        </ul>
      </section>
      <section>
        <h2>4. Acceptable use</h2>
        <p>Please be kind. Do not try to break, overload or get around the security of the site, do not use it to send spam, and do not copy its content in bulk.</p>
      </section>
      <section>
        <h2>5. Our content</h2>
        <p>The series, its characters, artwork, trailers and the site itself belong to New Vista Studios and are protected by copyright and trademark law. You may share your referral link and our official trailer links; other uses need our written permission.</p>
      </section>
      <section>
        <h2>6. Changes and ending</h2>
        <p>We may update the site, the rewards or these terms while we get ready for launch. If a change matters to you, we will tell you by e-mail or on this page. You can leave the waitlist at any time by writing to us.</p>
      </section>
      <section>
        <h2>7. Disclaimers</h2>
        <p>The site is provided as it is during the pre-launch period. We do our best to keep it running and accurate, but we cannot promise it will always be available or free of mistakes. Release dates shown on the site are plans, not promises.</p>
      </section>
      <section>
        <h2>8. Governing law</h2>
        <p>These terms are governed by the laws of the State of Nevada, USA, without regard to its conflict-of-law rules. Any dispute will be handled by the courts located in Clark County, Nevada.</p>
      </section>
      <section>
        <h2>9. Contact</h2>
        <p>
          Questions about these terms? Write to <a className="font-semibold text-secondary underline" href={`mailto:${contactEmail}`}>{contactEmail}</a>. [Studio postal address to be added before launch.]
        </p>
      </section>
    </LegalPage>
  );
}
