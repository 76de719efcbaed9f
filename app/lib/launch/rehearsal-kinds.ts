/**
 * The e-mails a rehearsal's own actions queue (ADR 0051): while rehearsal mode is on, only
 * a rehearsal can queue these (a real season's winner e-mail is refused meanwhile), so a
 * held message of one of these kinds queued since the rehearsal began is the rehearsal's
 * and is discarded when it ends. Every other held message (a real visitor's welcome
 * e-mail, a parent's consent request) is given back to the queue and goes out then. A
 * broadcast's messages go with their rehearsal broadcast; a wave created during a rehearsal
 * is one (its flag), so a wave's invitation queued since it began is the rehearsal's too.
 */
export const REHEARSAL_EMAIL_KINDS: readonly string[] = ["season_winner", "wave_invite"];
