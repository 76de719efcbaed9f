import { describe, expect, it } from "vitest";
import { addUnsubscribeLink } from "~/lib/email/layout";
import { i18nFor } from "~/lib/i18n/catalogs.server";
import type { Language } from "~/kernel/i18n/languages";
import { withdrawConsentFooter } from "~/lib/consent/consent-emails";
import { renderBroadcastEmail } from "./broadcast-email";
import { compileBroadcast, fillBroadcast, type MemberSlots } from "./compiled-broadcast";

const SUBJECT = "News for {{CREW_NAME}}: {{POINTS}} points, {{PLACE_IN_LINE}}";
const HTML = "<p>Hi {{CREW_NAME}} &amp; co: {{POINTS}} points, {{PLACE_IN_LINE}}. 100%% sure.</p><p>Share {{REFERRAL_LINK}} or {{INVITE_LINK}}</p><p>Again {{CREW_NAME}}</p>";

const member = (overrides: Partial<MemberSlots> = {}): MemberSlots => ({
  crewName: `Brave "Otter" <42> & co`,
  placeInLine: 1204,
  points: 12345,
  referralLink: "https://crew.example/?ref=abc&x=<1>",
  inviteLink: "https://crew.example/invite?code=a&b",
  footerUrl: "https://crew.example/parent-consent/revoke?token=t&u=1",
  unsubscribeUrl: "https://crew.example/unsubscribe?token=s&t=2",
  ...overrides,
});

/** The copy rendered for the one member, as the sender used to make it. */
function renderedOnce(language: Language, slots: MemberSlots, { withFooter, hasInvite }: { withFooter: boolean; hasInvite: boolean }) {
  const i18n = i18nFor(language);
  const footer = withFooter && slots.footerUrl ? withdrawConsentFooter(i18n, slots.footerUrl) : undefined;
  const email = renderBroadcastEmail({
    i18n,
    siteName: "Crew & Co",
    subject: SUBJECT,
    templateHtml: HTML,
    values: { ...slots, inviteLink: hasInvite ? slots.inviteLink : null },
    footer,
  });
  return { subject: email.subject, ...addUnsubscribeLink(email, slots.unsubscribeUrl, i18n) };
}

function compiled(language: Language, { withFooter, hasInvite }: { withFooter: boolean; hasInvite: boolean }) {
  const i18n = i18nFor(language);
  const footer = withdrawConsentFooter(i18n, "");
  return compileBroadcast({ i18n, siteName: "Crew & Co", subject: SUBJECT, templateHtml: HTML, footer: withFooter ? { text: footer.text, label: footer.link.label } : null, hasInvite });
}

describe("a broadcast rendered once and filled per member", () => {
  for (const language of ["en", "es"] as const) {
    for (const withFooter of [false, true]) {
      it(`gives exactly the per-member render (${language}, ${withFooter ? "to a consenting parent" : "to a member"})`, () => {
        const template = compiled(language, { withFooter, hasInvite: true });
        for (const slots of [member(), member({ placeInLine: null, points: 0, crewName: "Zorro Ágil 7" })]) {
          expect(fillBroadcast(template, slots)).toEqual(renderedOnce(language, slots, { withFooter, hasInvite: true }));
        }
      });
    }
  }

  it("leaves the invite out where the audience has none, and escapes each value in the HTML but not in the text", () => {
    const html = HTML.replace(" or {{INVITE_LINK}}", "");
    const i18n = i18nFor("en");
    const slots = member();
    const once = compileBroadcast({ i18n, siteName: "Crew & Co", subject: SUBJECT, templateHtml: html, footer: null, hasInvite: false });
    const filled = fillBroadcast(once, slots);
    expect(filled.html).toContain("Brave &#34;Otter&#34; &#60;42&#62; &#38; co");
    expect(filled.html).not.toContain("<42>");
    expect(filled.text).toContain(`Hi Brave "Otter" <42> & co`);
    expect(filled.subject).toBe(`News for Brave "Otter" <42> & co: 12,345 points, #1,204`);
    expect(filled.html).not.toContain("invite?code");
    // A template that names the invite link cannot be compiled for an audience without one.
    expect(() => compileBroadcast({ i18n, siteName: "Crew", subject: SUBJECT, templateHtml: HTML, footer: null, hasInvite: false })).toThrow(/invite link/);
  });

  it("never mistakes the admin's own text for a member's value", () => {
    const i18n = i18nFor("en");
    const sneaky = "<p>%%deadbeef.crewName%% and %%{{CREW_NAME}}%%</p>";
    const template = compileBroadcast({ i18n, siteName: "Crew", subject: "Hi", templateHtml: sneaky, footer: null, hasInvite: false });
    expect(fillBroadcast(template, member({ crewName: "Ada" })).html).toContain("<p>%%deadbeef.crewName%% and %%Ada%%</p>");
  });
});
