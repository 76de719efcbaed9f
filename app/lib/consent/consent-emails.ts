import type { I18n } from "@lingui/core";
import { escapeHtml, renderEmail, type EmailFooter } from "../email/layout";

type NoticeInput = {
  i18n: I18n;
  siteName: string;
  contactEmail: string;
  answerUrl: string;
  requestedAt: Date;
  /** The kind of device the request came from (signup-context's deviceClassOf), when known. */
  device: string | null;
  /** The country its browser suggests (a region code), when known. */
  country: string | null;
  consentRequestDays: number;
  /** The country the child picked on the age question (ADR 0063), when they picked one the list has. */
  consentCountry: string | null;
  /** The consent age that country set (or the default age), when known. */
  consentAge: number | null;
};

const paragraphs = (lines: string[]) => ({
  html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n"),
  text: lines.join("\n\n"),
});

/** A day as the reader writes it ("November 27, 2026", "27 de noviembre de 2026"), in UTC like the stored time. */
const dayOf = (i18n: I18n, date: Date) => i18n.date(date, { dateStyle: "long", timeZone: "UTC" });

/** Who asked, as the notice tells it: the kind of device and the country the browser suggests, in the reader's words. */
function requestedFrom(i18n: I18n, device: string | null, country: string | null): string {
  const from =
    device === "mobile" ? i18n._("a phone") : device === "tablet" ? i18n._("a tablet") : device === "desktop" ? i18n._("a computer") : i18n._("a web browser");
  const countryName = country ? new Intl.DisplayNames([i18n.locale], { type: "region", fallback: "none" }).of(country) : undefined;
  return countryName ? i18n._("{device} in {country}", { device: from, country: countryName }) : from;
}

/** How the age that asks for the parent was chosen (ADR 0063): the country given on the age question, by the studio's table. */
function ageRuleLine(i18n: I18n, country: string | null, age: number | null): string {
  const countryName = country ? new Intl.DisplayNames([i18n.locale], { type: "region", fallback: "none" }).of(country) : undefined;
  if (age === null) {
    return i18n._("We ask for a parent's OK below an age that depends on the country given on our age question; each country's age is set in our studio's settings from its law, and other countries use one default age.");
  }
  return countryName
    ? i18n._(
        "We ask for a parent's OK below an age that depends on the country given on our age question: your child gave {country}, where it is {age}. Each country's age is set in our studio's settings from its law; other countries use one default age.",
        { country: countryName, age },
      )
    : i18n._(
        "We ask for a parent's OK below an age that depends on the country given on our age question: your child gave none our list has, so our default age applied, {age}. Each country's age is set in our studio's settings from its law.",
        { age },
      );
}

/**
 * The direct notice to a parent (16 CFR 312.4(c)(1)): who asked, what we would collect and
 * show, prizes, how long we keep it, their rights, and how to report misuse. The answer is
 * given on the page the button opens (a link scanner opening it answers nothing).
 */
export function renderParentNotice(input: NoticeInput) {
  const { i18n, siteName } = input;
  const body = paragraphs(parentNoticeLines(input));
  return {
    subject: i18n._("A child asked to join {siteName}: your OK is needed", { siteName }),
    ...renderEmail({ i18n, siteName, bodyHtml: body.html, bodyText: body.text, action: { label: i18n._("Review and answer"), url: input.answerUrl } }),
  };
}

/** The notice's words, for the e-mail and for the page where the parent answers. */
export function parentNoticeLines(input: Omit<NoticeInput, "answerUrl">): string[] {
  const { i18n, siteName } = input;
  const date = dayOf(i18n, input.requestedAt);
  const from = requestedFrom(i18n, input.device, input.country);
  return [
    i18n._(
      "Someone on the {siteName} website (on {date}, from {from}) said they are a child in your care and would like to join the {siteName} crew, the fan community of our animated series. They gave your address as their parent's or guardian's. We need your OK before they can take part.",
      { siteName, date, from },
    ),
    ageRuleLine(i18n, input.consentCountry, input.consentAge),
    i18n._(
      "If you say yes: your e-mail address becomes the contact for the membership; we kept no e-mail address of your child. We store how many points and referrals the membership has, the age band (under or over the consent age, never a birth date), the country given on the age question and the consent age it set, a rough device type, and your consent with its date.",
    ),
    i18n._('What is public: only a crew name made from a word list (like "Brave Otter 42") and a drawn avatar. Never a name, address or e-mail.'),
    i18n._(
      "Prizes: if your child wins a monthly prize we e-mail you. You enter a shipping address on our site; it is stored encrypted, seen only by our prize team, and deleted 30 days after the prize ships.",
    ),
    i18n._(
      "If you do not answer, we delete your address and this request in {days} days. You can see or delete your child's data, and withdraw consent, at any time with the link in every e-mail we send you.",
      { days: input.consentRequestDays },
    ),
    i18n._("Not expecting this? Ignore it and nothing is kept, or tell us at {contactEmail} so we can stop misuse.", { contactEmail: input.contactEmail }),
  ];
}

/** The second e-mail of "e-mail plus", a day after the approval, with the way back out. */
export function renderConsentConfirmation(input: { i18n: I18n; siteName: string; crewName: string; approvedAt: Date; footer: EmailFooter }) {
  const { i18n, siteName, crewName } = input;
  const body = paragraphs([
    i18n._('On {date} you agreed that your child may join the {siteName} crew. They play as "{crewName}", the only name anyone else sees.', {
      date: dayOf(i18n, input.approvedAt),
      siteName,
      crewName,
    }),
    i18n._("If that was not you, or you have changed your mind, withdraw your consent with the link below: we then delete the membership and its data."),
  ]);
  return {
    subject: i18n._("You said yes to {siteName}: a confirmation", { siteName }),
    ...renderEmail({ i18n, siteName, bodyHtml: body.html, bodyText: body.text, footer: input.footer }),
  };
}

/** The line under every e-mail to a consenting parent: the way to withdraw (ADR 0041). */
export function withdrawConsentFooter(i18n: I18n, url: string): EmailFooter {
  return {
    text: i18n._("You gave consent for your child to join. You can withdraw it at any time, and we delete their membership:"),
    link: { label: i18n._("Withdraw consent"), url },
  };
}
