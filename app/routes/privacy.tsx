import type { Route } from "./+types/privacy";
import { LegalPage } from "~/components/legal-page";
import { contactEmailFrom, siteNameFrom } from "~/lib/site-name";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `Privacy Policy | ${siteNameFrom(matches)}` }];

export default function Privacy({ matches }: Route.ComponentProps) {
  const siteName = siteNameFrom(matches);
  const contactEmail = contactEmailFrom(matches);
  return (
    <LegalPage
      title="Privacy Policy"
      intro={<p>This policy explains what New Vista Studios collects when you use the {siteName} website, why, and the choices you have. We collect as little as we can and never sell your data.</p>}
    >
      <section>
        <h2>What we collect</h2>
        <ul>
          <li><strong>E-mail address</strong>: to put you on the waitlist, send your referral link, sign-in links and news.</li>
          <li><strong>Optional names</strong>: only if you give them, for example in a contact message.</li>
          <li><strong>Cookies</strong>: a cookie that remembers you joined on this device, one that keeps a referral code until you join, and a session cookie when a crew member signs in. We use no advertising or tracking cookies.</li>
          <li><strong>Usage data</strong>: whether you watched the trailer, when you joined, and a coarse device type (phone, tablet or computer) and country guessed from your browser's language and time zone.</li>
          <li><strong>Referral information</strong>: your referral code, who invited you and how many friends joined with your link.</li>
        </ul>
      </section>
      <section>
        <h2>How we use it</h2>
        <p>To run the waitlist, count points and referrals, show the leaderboard (only the part of your address before the @ and an avatar drawn on our own server), pick and contact prize winners, answer your messages, and understand in total numbers how the community grows.</p>
      </section>
      <section>
        <h2>Sharing</h2>
        <p>We do not sell or rent your data. E-mails are delivered through our mail provider, who may only use them to deliver our messages. We share information with authorities only when the law requires it.</p>
      </section>
      <section>
        <h2>How long we keep it</h2>
        <p>We keep your waitlist entry until the series launches and for up to 12 months after, unless you ask us to delete it sooner. Contact messages are delivered to our team and not stored on the website.</p>
      </section>
      <section>
        <h2>Children</h2>
        <p>The site is not meant for children under 13 to use on their own. A child under 13 can take part only through a parent or guardian who signs up for them. If we learn that we hold a child's data without a parent's consent, we delete it. Parents can ask us what we hold about their child and have it removed.</p>
      </section>
      <section>
        <h2>Your choices and rights</h2>
        <p>You can ask us for a copy of your data, to correct it, or to delete it, and you can stop our e-mails at any time. Nevada residents may also ask us not to sell their personal information; we do not sell it to anyone.</p>
      </section>
      <section>
        <h2>Governing law</h2>
        <p>This policy is governed by the laws of the State of Nevada, USA.</p>
      </section>
      <section>
        <h2>Contact</h2>
        <p>
          Privacy questions or requests: <a className="font-semibold text-secondary underline" href={`mailto:${contactEmail}`}>{contactEmail}</a>. [Data protection contact details to be confirmed before launch.]
        </p>
      </section>
    </LegalPage>
  );
}
