// Shared by every form schema (browser and server): text fields refuse NUL and the other
// control characters, which no keyboard types and which break logs, e-mails and CSV.

export const CONTROL_CHARACTERS_MESSAGE = "Please remove invisible control characters (such as NUL) from this field.";

// eslint-disable-next-line no-control-regex -- control characters are what these look for
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- as above, but tab, line feed and carriage return are text
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** True when a one-line value holds no control character at all. */
export function isFreeOfControlCharacters(value: string): boolean {
  return !ANY_CONTROL.test(value);
}

/** True when a multi-line value holds no control character but tab, \n and \r. */
export function isFreeOfControlCharactersInText(value: string): boolean {
  return !CONTROL_BUT_LINE_BREAKS.test(value);
}

/** Zod refinement for one-line fields: `z.string().refine(...noControlCharacters)`. */
export const noControlCharacters = [isFreeOfControlCharacters, CONTROL_CHARACTERS_MESSAGE] as const;
/** Zod refinement for multi-line fields (message, notes, rich content). */
export const noControlCharactersInText = [isFreeOfControlCharactersInText, CONTROL_CHARACTERS_MESSAGE] as const;
