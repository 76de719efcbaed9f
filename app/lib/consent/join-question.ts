import type { AgeQuestionChoices } from "./consent-age-by-country";

/** "Children first" (ADR 0066): the address field's label and the line above it, written by the loader in the page's language. */
export type ParentFirstQuestion = { parentFirst: { label: string; text: string } };

/** What a join form asks besides the address: the age question, or that the address is a grown-up's. */
export type JoinQuestion = AgeQuestionChoices | ParentFirstQuestion;

export function isParentFirst(question: JoinQuestion): question is ParentFirstQuestion {
  return "parentFirst" in question;
}
