import type { ChromeHandle } from "~/lib/route-chrome";
import { Link } from "react-router";
import type { Route } from "./+types/privacy";
import { LegalPage } from "~/components/legal-page";
import { contactEmailFrom, siteNameFrom } from "~/lib/site-name";

// Nothing here needs a script: the page ships no JavaScript (ADR 0024).
export const handle: ChromeHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Privacy Policy | ${siteNameFrom(matches)}` },
  { name: "description", content: `What ${siteNameFrom(matches)} stores about crew members, why, for how long, and how to have it deleted.` },
];

export default function Privacy({ matches }: Route.ComponentProps) {
  const siteName = siteNameFrom(matches);
  const contactEmail = contactEmailFrom(matches);
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what New Vista Studios collects when you use the {siteName} website, why, and the
          choices you have. We collect as little as we can, and we never sell your data.
        </p>
      }
    >
      <section aria-labelledby="collect">
        <h2 id="collect">What we collect</h2>
        <ul>
          <li><strong>E-mail address</strong>: to put you on the waitlist and send your referral link, sign-in links and news.</li>
          <li><strong>Optional names</strong>: only if you give them, for example in a contact message.</li>
          <li><strong>Cookies</strong>: small files that keep the site working (see "Cookies" below).</li>
          <li>
            <strong>Usage data</strong>: whether you watched the trailer, when you joined, and a coarse device type
            (phone, tablet or computer) and country guessed from your browser's language and time zone.
          </li>
          <li><strong>Referral information</strong>: your referral code, who invited you and how many friends joined with your link.</li>
        </ul>
      </section>

      <section aria-labelledby="use">
        <h2 id="use">How we use it</h2>
        <ul>
          <li>to run the waitlist and count your points and referrals;</li>
          <li>to show the leaderboard, which displays only the part of your address before the @ and a generated avatar;</li>
          <li>to pick prize winners and contact them;</li>
          <li>to send news about the series (you can stop these e-mails at any time);</li>
          <li>to answer your messages and keep the site safe from abuse;</li>
          <li>to understand, in total numbers only, how the community grows.</li>
        </ul>
      </section>

      <section aria-labelledby="cookies">
        <h2 id="cookies">Cookies</h2>
        <p>
          We only use cookies the site needs: one that remembers you joined on this device, one that keeps a friend's
          referral code until you join, and a session cookie while a crew member is signed in. We use no advertising
          or cross-site tracking cookies. If you block cookies, the waitlist still works but referral credit and
          signing in may not.
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
        <p>
          We keep your waitlist entry until the series launches and for up to 12 months after, unless you ask us to
          delete it sooner. Contact messages are kept only as long as we need to answer them.
        </p>
      </section>

      <section aria-labelledby="children">
        <h2 id="children">Children</h2>
        <p>
          The site is not meant for children under 13 to use on their own, and they may not sign up themselves. A
          child under 13 can take part only through a parent or guardian who signs up with their own e-mail address.
          If we learn that we hold a child's data without a parent's consent, we delete it. Parents and guardians can
          ask us what we hold about their child and have it removed.
        </p>
      </section>

      <section aria-labelledby="rights">
        <h2 id="rights">Your rights and choices</h2>
        <p>
          You can ask us for a copy of your data, to correct it, or to delete it, and you can unsubscribe from our
          e-mails at any time. Nevada residents may also ask us not to sell their personal information; we do not sell
          it to anyone. This policy is governed by the laws of the State of Nevada, USA, as are our{" "}
          <Link to="/terms">Terms of Service</Link>.
        </p>
      </section>

      <section aria-labelledby="privacy-contact">
        <h2 id="privacy-contact">Contact</h2>
        <p>
          Privacy questions or requests: <a href={`mailto:${contactEmail}`}>{contactEmail}</a>, or use our{" "}
          <Link to="/contact">contact form</Link>. [Data protection contact details to be confirmed before launch.]
        </p>
      </section>
    </LegalPage>
  );
}
