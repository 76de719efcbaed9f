import { desc, eq } from "drizzle-orm";
import { products } from "../../../db/schema";
import { db } from "../db.server";
import { isUuid } from "../waitlist/members.server";

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
