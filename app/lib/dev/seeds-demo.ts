/**
 * Whether a fresh database gets the demo content: when SEED_DEMO says so, else in local mail
 * mode (no SMTP_URL). The server's boot and the e2e suite's seeded copy both ask this.
 */
export function seedsDemo(env: { SEED_DEMO?: string; SMTP_URL?: string }): boolean {
  return env.SEED_DEMO ? env.SEED_DEMO === "true" : !env.SMTP_URL;
}
