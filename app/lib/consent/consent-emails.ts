import { escapeHtml, renderEmail, type EmailFooter } from "../email/layout";

type NoticeInput = {
  siteName: string;
  contactEmail: string;
  answerUrl: string;
  requestedAt: Date;
  /** Coarse: "a phone", "a computer"… and a country guessed from the browser, when known. */
  requestedFrom: string;
  consentRequestDays: number;
};

const paragraphs = (lines: string[]) => ({
  html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n"),
  text: lines.join("\n\n"),
});

/**
 * The direct notice to a parent (16 CFR 312.4(c)(1)): who asked, what we would collect and
 * show, prizes, how long we keep it, their rights, and how to report misuse. The answer is
 * given on the page the button opens (a link scanner opening it answers nothing).
 */
export function renderParentNotice(input: NoticeInput) {
  const body = paragraphs(parentNoticeLines(input));
  return {
    subject: `A child asked to join ${input.siteName}: your OK is needed`,
    ...renderEmail({ siteName: input.siteName, bodyHtml: body.html, bodyText: body.text, action: { label: "Review and answer", url: input.answerUrl } }),
  };
}

/** The notice's words, for the e-mail and for the page where the parent answers. */
export function parentNoticeLines(input: Omit<NoticeInput, "answerUrl">): string[] {
  const date = input.requestedAt.toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, "");
  return [
    `Someone on the ${input.siteName} website (on ${date}, from ${input.requestedFrom}) said they are a child in your care and would like to join the ${input.siteName} crew, the fan community of our animated series. They gave your address as their parent's or guardian's. We need your OK before they can take part.`,
    "If you say yes: your e-mail address becomes the contact for the membership; we kept no e-mail address of your child. We store how many points and referrals the membership has, the age band (under or over the consent age, never a birth date), a rough device type and country, and your consent with its date.",
    "What is public: only a crew name made from a word list (like \"Brave Otter 42\") and a drawn avatar. Never a name, address or e-mail.",
    "Prizes: if your child wins a monthly prize we e-mail you. You enter a shipping address on our site; it is stored encrypted, seen only by our prize team, and deleted 30 days after the prize ships.",
    `If you do not answer, we delete your address and this request in ${input.consentRequestDays} days. You can see or delete your child's data, and withdraw consent, at any time with the link in every e-mail we send you.`,
    `Not expecting this? Ignore it and nothing is kept, or tell us at ${input.contactEmail} so we can stop misuse.`,
  ];
}

/** The second e-mail of "e-mail plus", a day after the approval, with the way back out. */
export function renderConsentConfirmation(input: { siteName: string; crewName: string; approvedAt: Date; footer: EmailFooter }) {
  const date = input.approvedAt.toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, "");
  const body = paragraphs([
    `On ${date} you agreed that your child may join the ${input.siteName} crew. They play as "${input.crewName}", the only name anyone else sees.`,
    "If that was not you, or you have changed your mind, withdraw your consent with the link below: we then delete the membership and its data.",
  ]);
  return {
    subject: `You said yes to ${input.siteName}: a confirmation`,
    ...renderEmail({ siteName: input.siteName, bodyHtml: body.html, bodyText: body.text, footer: input.footer }),
  };
}
