// The words of the step that asks a parent (ADR 0041): the site's parent page and the
// embedded form's. Apart from the age question, so the join form's pages do not carry them.
// `/*i18n*/` lists each for the catalogs (issue 31); shown through i18n._.
export const ASK_PARENT = {
  title: /*i18n*/ "Ask a parent or guardian",
  text: /*i18n*/ "Before you can join the crew, a parent or guardian needs to say yes. Type their e-mail address and we'll send them a note about the crew. We didn't keep the e-mail address you typed.",
  embedText: /*i18n*/ "Before you can join the crew, a parent or guardian needs to say yes. Open this page together with them:",
  embedLink: /*i18n*/ "Ask a parent or guardian",
  sentTitle: /*i18n*/ "We've asked your parent or guardian",
  sentText: /*i18n*/ "We sent them a note about the crew. Once they say yes, you're in, and they'll get your crew link to share.",
};
