/** The back office's mailbox during a rehearsal (ADR 0051): linked from the banner and Site Settings. */
export const REHEARSAL_MAILBOX_PATH = "/admin/rehearsal-mailbox";

/** What ending the rehearsal now would discard. */
export type RehearsalDiscards = { messages: number; waves: number; broadcasts: number; seasons: number };

export type RehearsalState = {
  isOn: boolean;
  /** When it began (ISO), null when off. */
  startedAt: string | null;
  discards: RehearsalDiscards;
  /** Messages held in the back office that are not the rehearsal's (a real visitor's): sent when it ends. */
  toSendAtEnd: number;
};

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What ending the rehearsal discards, in words: "2 messages, 1 season close, 0 waves, 0 broadcasts". */
export function discardsText({ discards }: Pick<RehearsalState, "discards">): string {
  return [
    count(discards.messages, "message", "messages"),
    count(discards.seasons, "season close", "season closes"),
    count(discards.waves, "wave", "waves"),
    count(discards.broadcasts, "broadcast", "broadcasts"),
  ].join(", ");
}
