// The words of the neutral age question and of the step that asks a parent (ADR 0041),
// shared by the site's form, the embedded form and its script. Nothing here hints at the
// consent age.
export const BIRTH_QUESTION = { legend: "When were you born?", month: "Month", year: "Year" };

export const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

export const ASK_PARENT = {
  title: "Ask a parent or guardian",
  text: "Before you can join the crew, a parent or guardian needs to say yes. Type their e-mail address and we'll send them a note about the crew. We didn't keep the e-mail address you typed.",
  embedText: "Before you can join the crew, a parent or guardian needs to say yes. Open this page together with them:",
  embedLink: "Ask a parent or guardian",
  sentTitle: "We've asked your parent or guardian",
  sentText: "We sent them a note about the crew. Once they say yes, you're in, and they'll get your crew link to share.",
};
