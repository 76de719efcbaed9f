/**
 * Every PostgreSQL advisory lock the app takes, by name: the one home of their numbers
 * (issue 41). A database function under `db/functions/` can only write the number itself;
 * `advisory-locks.test.ts` holds every number written there to this list.
 */
export const ADVISORY_LOCKS = {
  /** One migrator at a time across every app process starting together. */
  migrations: 7_246_019,
  /** One season freezer at a time. */
  seasonJob: 0x5ea5_0001,
  /** One prize-address purge at a time. */
  addressJob: 0x5ea5_0021,
  /** One retention run at a time. */
  retentionJob: 0x5ea5_0029,
  /**
   * The rehearsal switch: taken exclusively while it flips, shared by every e-mail claim
   * (db/functions/email_outbox_claim.sql, broadcast_claim_batch.sql), so no claim straddles it.
   */
  rehearsalSwitch: 0x5ea5_0051,
  /** One score folder at a time. */
  scoreFold: 0x5c0f_0001,
  /** "Queueing broadcast N": a two-key lock, this class and the broadcast's id. */
  broadcastQueue: 30_050,
} as const;
