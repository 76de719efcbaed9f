import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { apiKeys } from "../../../db/schema";
import { db } from "../../kernel/db.server";
import { AppError } from "../../kernel/errors";
import { isUuid } from "../../kernel/uuid";
import { recordAdminAuditEvent } from "../audit/audit.server";
import type { ApiScope } from "./scopes";
import { isSameSecret } from "../../kernel/crypto/same-secret.server";

export const MAX_ACTIVE_KEYS = 50;
const KEY_FORMAT = /^(lc_[0-9a-z]{10})_([A-Za-z0-9_-]{43})$/;

export type ApiKey = { id: string; name: string; prefix: string; scopes: ApiScope[] };
export type ApiKeyListing = ApiKey & { createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null; expiresAt: Date | null };

/** How long a new key lasts: the choices of Admin → Developers → New API key. */
export const KEY_LIFETIMES_DAYS = [30, 90, 365] as const;
export type KeyLifetimeDays = (typeof KEY_LIFETIMES_DAYS)[number];

const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** Creates a key; the returned `secret` is the only time anyone sees it. */
export async function createApiKey(
  input: { name: string; scopes: ApiScope[]; expiresInDays?: KeyLifetimeDays | null },
  adminId: string,
): Promise<{ key: ApiKeyListing; secret: string }> {
  const [active] = await db
    .select({ count: sql<number>`count(*)::integer` })
    .from(apiKeys)
    .where(and(isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`))));
  if ((active?.count ?? 0) >= MAX_ACTIVE_KEYS) throw new AppError("CONFLICT", `At most ${MAX_ACTIVE_KEYS} active keys: revoke one first.`);
  const prefix = `lc_${randomBytes(8).toString("hex").slice(0, 10)}`;
  const secretPart = randomBytes(32).toString("base64url");
  return db.transaction(async (tx) => {
    const [key] = await tx
      .insert(apiKeys)
      .values({
        name: input.name,
        prefix,
        secretHash: hashSecret(secretPart),
        scopes: [...new Set(input.scopes)],
        createdBy: adminId,
        expiresAt: input.expiresInDays ? sql`now() + make_interval(days => ${input.expiresInDays}::integer)` : null,
      })
      .returning();
    if (!key) throw new Error("api key insert returned no row");
    await recordAdminAuditEvent(tx, adminId, { action: "api_key.created", targetType: "api_key", targetId: key.id, after: { name: key.name, prefix: key.prefix, scopes: key.scopes, expiresAt: key.expiresAt?.toISOString() ?? null } });
    return { key: listing(key), secret: `${prefix}_${secretPart}` };
  });
}

function listing(row: typeof apiKeys.$inferSelect): ApiKeyListing {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiScope[],
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
    expiresAt: row.expiresAt,
  };
}

export async function listApiKeys(): Promise<ApiKeyListing[]> {
  return (await db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt)).limit(200)).map(listing);
}

export async function revokeApiKey(id: string, adminId: string): Promise<void> {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", "This key no longer exists.");
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix });
    if (!revoked) throw new AppError("NOT_FOUND", "This key is already revoked or no longer exists.");
    await recordAdminAuditEvent(tx, adminId, { action: "api_key.revoked", targetType: "api_key", targetId: id, before: { name: revoked.name, prefix: revoked.prefix } });
  });
}

/** Why a request's key was refused: logged (with the public prefix only), never told apart to the caller. */
export type ApiKeyRefusal = "missing" | "malformed" | "unknown" | "wrong-secret" | "revoked" | "expired";
export type ApiKeyCheck = { key: ApiKey } | { refused: ApiKeyRefusal; prefix: string | null };

/**
 * The active key a request's "Authorization: Bearer lc_…" names, or why there is none.
 * The secret is compared in constant time; revoked and expired keys are refused alike
 * (after the secret matched). The last-used time is written at most once a minute.
 */
export async function authenticateApiKey(authorization: string | null): Promise<ApiKeyCheck> {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? "")?.[1];
  if (!token) return { refused: authorization?.trim() ? "malformed" : "missing", prefix: null };
  const match = KEY_FORMAT.exec(token);
  if (!match) return { refused: "malformed", prefix: /^lc_[0-9a-z]{10}(?=_)/.exec(token)?.[0] ?? null };
  const [, prefix, secretPart] = match as unknown as [string, string, string];
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.prefix, prefix));
  if (!row) return { refused: "unknown", prefix };
  if (!isSameSecret(hashSecret(secretPart), row.secretHash)) return { refused: "wrong-secret", prefix };
  if (row.revokedAt) return { refused: "revoked", prefix };
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return { refused: "expired", prefix };
  await db.execute(sql`update api_keys set last_used_at = now() where id = ${row.id} and (last_used_at is null or last_used_at < now() - interval '1 minute')`);
  return { key: { id: row.id, name: row.name, prefix: row.prefix, scopes: row.scopes as ApiScope[] } };
}
