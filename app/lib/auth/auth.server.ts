import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { magicLink } from "better-auth/plugins";
import { sql } from "drizzle-orm";
import * as schema from "../../../db/schema";
import { getConnection } from "../../kernel/db.server";
import { sendMagicLinkEmail } from "../email/auth-emails.server";
import { getEnv } from "../../kernel/env.server";
import { resolveAuthSecret } from "./auth-secret.server";

export const MAGIC_LINK_TTL_SECONDS = 15 * 60;
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

function createAuth() {
  const env = getEnv();
  const { db } = getConnection();
  return betterAuth({
    appName: env.SITE_NAME,
    baseURL: env.origin,
    basePath: "/api/auth",
    secret: resolveAuthSecret(env),
    trustedOrigins: [env.origin],
    database: drizzleAdapter(db, { provider: "pg", schema, usePlural: true }),
    user: {
      additionalFields: { role: { type: "string", required: false, defaultValue: "member", input: false } },
    },
    session: {
      expiresIn: SESSION_MAX_AGE_SECONDS,
      // Idle expiry is ours (session_timeout_minutes); see session.server.ts.
      disableSessionRefresh: true,
    },
    // Sign-in requests are limited per e-mail and per IP before they reach Better Auth.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    databaseHooks: {
      session: {
        create: {
          // ADMIN_EMAILS seeds the team's first owner: such an address becomes owner at sign-in
          // only while the team has no owner at all (ADR 0035). Once there is one, the Team
          // screen decides, so removing or demoting the address lasts.
          after: async (session) => {
            if (env.adminEmails.length === 0) return;
            await db.execute(
              sql`update users set role = 'owner', updated_at = now()
                  where id = ${session.userId}
                    and not exists (select 1 from users where role = 'owner')
                    and lower(email) in (${sql.join(env.adminEmails.map((email) => sql`${email}`), sql`, `)})`,
            );
          },
        },
      },
    },
    plugins: [
      magicLink({
        expiresIn: MAGIC_LINK_TTL_SECONDS,
        storeToken: "hashed",
        sendMagicLink: async ({ email, url, metadata }) => {
          await sendMagicLinkEmail({ email, url, pageLanguage: metadata?.language });
        },
      }),
    ],
  });
}

type Auth = ReturnType<typeof createAuth>;

const globalForAuth = globalThis as unknown as { launchcrewAuth?: Auth };

export function getAuth(): Auth {
  globalForAuth.launchcrewAuth ??= createAuth();
  return globalForAuth.launchcrewAuth;
}
