/** Connections to the mail server, at most, per process: the broadcast sender sends over one per lane. */
export const BROADCAST_MAX_LANES = 4;
/** Messages a second one connection is given before another lane starts. */
const MESSAGES_PER_SECOND_PER_LANE = 250;

/** Lanes (and so connections) a pace needs: one for a slow pace, up to BROADCAST_MAX_LANES. */
export function lanesForPace(perMinute: number): number {
  return Math.min(BROADCAST_MAX_LANES, Math.max(1, Math.ceil(perMinute / 60 / MESSAGES_PER_SECOND_PER_LANE)));
}
