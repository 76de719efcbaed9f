import { desc, eq, sql } from "drizzle-orm";
import { products } from "../../../db/schema";
import { db } from "../../kernel/db.server";
import { adminIdOf, type Actor } from "../audit/actor";
import { recordAuditEvent } from "../audit/audit.server";
import { AppError } from "../../kernel/errors";
import { isUuid } from "../../kernel/uuid";
import type { ProductInput } from "./product.schema";

export const FEATURED_PRODUCTS = 4;

const productColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  price: products.price,
  imageUrl: products.imageUrl,
  purchaseLink: products.purchaseLink,
};

export type Product = { id: string; name: string; description: string; price: number; imageUrl: string | null; purchaseLink: string | null };

/** Newest first; the home page shows the first four. */
export async function listProducts({ limit }: { limit?: number } = {}): Promise<Product[]> {
  const query = db.select(productColumns).from(products).orderBy(desc(products.createdAt), desc(products.id));
  return limit ? query.limit(limit) : query;
}

export async function getProduct(id: string): Promise<Product | null> {
  if (!isUuid(id)) return null;
  const [product] = await db.select(productColumns).from(products).where(eq(products.id, id));
  return product ?? null;
}

export async function createProduct(input: ProductInput, actor: Actor): Promise<Product> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(products)
      .values({ ...input, createdByAdminId: adminIdOf(actor), updatedByAdminId: adminIdOf(actor) })
      .returning(productColumns);
    if (!created) throw new Error("product insert returned no row");
    await recordAuditEvent(tx, actor, { action: "product.created", targetType: "product", targetId: created.id, after: created });
    return created;
  });
}

export async function updateProduct(id: string, input: ProductInput, actor: Actor): Promise<Product> {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", "This product no longer exists.");
  return db.transaction(async (tx) => {
    const [before] = await tx.select(productColumns).from(products).where(eq(products.id, id)).for("update");
    const [updated] = before
      ? await tx
          .update(products)
          .set({ ...input, updatedByAdminId: adminIdOf(actor), updatedAt: sql`now()` })
          .where(eq(products.id, id))
          .returning(productColumns)
      : [];
    if (!updated) throw new AppError("NOT_FOUND", "This product no longer exists.");
    await recordAuditEvent(tx, actor, { action: "product.updated", targetType: "product", targetId: id, before, after: updated });
    return updated;
  });
}

/** Adds a product, or updates it when `id` is given. */
export function saveProduct(id: string | undefined, input: ProductInput, actor: Actor): Promise<Product> {
  return id ? updateProduct(id, input, actor) : createProduct(input, actor);
}

export async function deleteProduct(id: string, actor: Actor): Promise<void> {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", "This product no longer exists.");
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(products).where(eq(products.id, id)).returning(productColumns);
    if (!deleted) throw new AppError("NOT_FOUND", "This product no longer exists.");
    await recordAuditEvent(tx, actor, { action: "product.deleted", targetType: "product", targetId: id, before: deleted });
  });
}
