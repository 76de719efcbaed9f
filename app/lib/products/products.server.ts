import { desc, eq, sql } from "drizzle-orm";
import { products } from "../../../db/schema";
import { db } from "../db.server";
import { AppError } from "../errors";
import { isUuid } from "../uuid";
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

export async function createProduct(input: ProductInput, adminId: string): Promise<Product> {
  const [created] = await db
    .insert(products)
    .values({ ...input, createdByAdminId: adminId, updatedByAdminId: adminId })
    .returning(productColumns);
  if (!created) throw new Error("product insert returned no row");
  return created;
}

export async function updateProduct(id: string, input: ProductInput, adminId: string): Promise<Product> {
  const [updated] = isUuid(id)
    ? await db
        .update(products)
        .set({ ...input, updatedByAdminId: adminId, updatedAt: sql`now()` })
        .where(eq(products.id, id))
        .returning(productColumns)
    : [];
  if (!updated) throw new AppError("NOT_FOUND", "This product no longer exists.");
  return updated;
}

/** Adds a product, or updates it when `id` is given. */
export function saveProduct(id: string | undefined, input: ProductInput, adminId: string): Promise<Product> {
  return id ? updateProduct(id, input, adminId) : createProduct(input, adminId);
}

export async function deleteProduct(id: string): Promise<void> {
  const deleted = isUuid(id) ? await db.delete(products).where(eq(products.id, id)).returning({ id: products.id }) : [];
  if (deleted.length === 0) throw new AppError("NOT_FOUND", "This product no longer exists.");
}
