import { z } from "zod";
import { TrustProxySchema } from "./http/trust-proxy.server";

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "::1"]);

/**
 * The sample values compose.yaml ships with (issue 37): anyone can read them, so anyone could
 * sign a session cookie or read shipping addresses. A production server refuses to start with them.
 */
export const SAMPLE_SECRETS = {
  BETTER_AUTH_SECRET: { samples: ["change-me-change-me-change-me-change-me"], make: "openssl rand -base64 48" },
  SHIPPING_ADDRESS_KEY: { samples: ["Y2hhbmdlLW1lLWNoYW5nZS1tZS1jaGFuZ2UtbWUtMzI="], make: "openssl rand -base64 32" },
} as const;

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  DATABASE_URL: z.string().startsWith("postgres", "DATABASE_URL must be a postgres:// URL").optional(),
  PGLITE_DIR: z.string().default("./data/pglite"),
  SITE_NAME: z.string().trim().min(1).default("Vista Crew"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().optional(),
  PUBLIC_ORIGIN: z.url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Vista Crew <crew@vistacrew.example>"),
  CONTACT_EMAIL: z.email().default("hello@vistacrew.example"),
  ADMIN_EMAILS: z.string().optional(),
  BETTER_AUTH_SECRET: z.string().min(32).optional(),
  UPLOADS_DIR: z.string().default("./data/uploads"),
  // Uploads in an S3-compatible bucket that every machine shares (ADR 0070); unset, UPLOADS_DIR.
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "S3_BUCKET must be a bucket name: 3–63 lowercase letters, digits, dots and hyphens").optional(),
  S3_ENDPOINT: z.url("S3_ENDPOINT must be a URL such as https://s3.example.com").optional(),
  S3_FORCE_PATH_STYLE: z.stringbool().default(false),
  AWS_REGION: z.string().regex(/^[a-z0-9-]{1,40}$/, "AWS_REGION must be a region name such as eu-west-1").default("us-east-1"),
  // Encrypts prize shipping addresses at rest (AES-256-GCM, ADR 0043): 32 random bytes in
  // base64 (`openssl rand -base64 32`). Required with SMTP_URL; local mail mode creates one.
  SHIPPING_ADDRESS_KEY: z
    .string()
    .refine((value) => /^[A-Za-z0-9+/]{43}=$/.test(value) && Buffer.from(value, "base64").length === 32, "SHIPPING_ADDRESS_KEY must be 32 bytes in base64 (openssl rand -base64 32)")
    .optional(),
  // Lets a Prometheus server elsewhere scrape /metrics (loopback may always).
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  // Which proxies may tell us the client's address (X-Forwarded-For); rate limits count by it.
  TRUST_PROXY: TrustProxySchema,
  // Logs class lists whose classes override each other (app/lib/dev/class-conflicts.server.ts); for tests.
  CHECK_CLASS_CONFLICTS: z.stringbool().default(false),
  // Lets the end-to-end suite move the server's clock (POST /dev/clock, ADR 0036); refused
  // outside local mail mode, so a production server (which sends real e-mail) never has it.
  TEST_CLOCK: z.stringbool().default(false),
});

export type Env = z.infer<typeof EnvSchema> & {
  host: string;
  origin: string;
  /** The site is served over HTTPS: cookies are Secure and browsers are told to stay on HTTPS. */
  isHttps: boolean;
  isLocalMail: boolean;
  adminEmails: string[];
};

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const blanksRemoved = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const parsed = EnvSchema.safeParse(blanksRemoved);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join("\n  ")}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === "production") {
    for (const [name, { samples, make }] of Object.entries(SAMPLE_SECRETS)) {
      const value = env[name as keyof typeof SAMPLE_SECRETS];
      if (value !== undefined && (samples as readonly string[]).includes(value)) {
        throw new Error(`${name} is the sample value from compose.yaml, which anyone can read: set your own (${make}) before starting in production.`);
      }
    }
  }
  const isLocalMail = !env.SMTP_URL;
  const host = env.HOST ?? (isLocalMail ? "127.0.0.1" : "0.0.0.0");
  // Without SMTP the dev mailbox holds sign-in links, so it must stay on this machine.
  if (isLocalMail && !LOOPBACK_HOSTS.has(host)) {
    throw new Error(
      `HOST=${host} is not a loopback address, but SMTP_URL is unset (local mail mode). ` +
        "The dev mailbox shows sign-in links, so set SMTP_URL before listening on a public address.",
    );
  }
  if (env.TEST_CLOCK && !isLocalMail) {
    throw new Error("TEST_CLOCK=true is for test servers in local mail mode only: unset it, or unset SMTP_URL.");
  }
  const adminEmails = (env.ADMIN_EMAILS ?? (isLocalMail ? "admin@example.com" : ""))
    .split(",")
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
  const origin = (env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  return { ...env, host, origin, isHttps: origin.startsWith("https://"), isLocalMail, adminEmails };
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
