import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { products, users } from "../../../db/schema";
import { resetDatabase } from "../../../tests/db-reset";
import { db } from "../../kernel/db.server";
import { ProductInputSchema } from "./product.schema";
import type { Actor } from "../audit/actor";
import { createProduct, deleteProduct, getProduct, listProducts, updateProduct } from "./products.server";

const ADMIN: Actor = { kind: "admin", id: "admin-1", name: "boss@example.com" };

beforeEach(async () => {
  await resetDatabase();
  await db.insert(users).values({ id: "admin-1", name: "Admin", email: "boss@example.com", role: "admin" });
});

const form = (fields: Partial<Record<string, string>>) =>
  ProductInputSchema.safeParse({ name: "Cap", description: "", price: "19", purchaseLink: "", imageUrl: "", ...fields });

describe("product form rules", () => {
  it("uses the spec's messages", () => {
    const messages = (fields: Partial<Record<string, string>>) => {
      const parsed = form(fields);
      return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    };
    expect(messages({ name: "  " })).toEqual(["Product name is required"]);
    expect(messages({ price: "" })).toEqual(["Price is required"]);
    expect(messages({ price: "-1" })).toEqual(["Price must be positive"]);
    expect(messages({ purchaseLink: "shop.example.com" })).toEqual(["Enter a valid URL"]);
    expect(messages({ purchaseLink: "https://shop.example.com/a b" })).toEqual(["Enter a valid URL"]);
    expect(messages({ purchaseLink: "ftp://files.example.com/cap" })).toEqual([]);
  });

  it("rounds the price to cents and treats empty optional fields as none", () => {
    const parsed = form({ price: "7.499" });
    expect(parsed.success && parsed.data).toMatchObject({ price: 7.5, purchaseLink: null, imageUrl: null });
  });
});

describe("products", () => {
  it("records who created and who last changed a product", async () => {
    const parsed = form({ name: "Crew Cap", price: "12.5" });
    if (!parsed.success) throw parsed.error;
    const created = await createProduct(parsed.data, ADMIN);
    await updateProduct(created.id, { ...parsed.data, price: 15 }, ADMIN);
    const [row] = await db.select().from(products).where(eq(products.id, created.id));
    expect(row).toMatchObject({ createdByAdminId: "admin-1", updatedByAdminId: "admin-1", price: 15 });
    expect((await getProduct(created.id))?.price).toBe(15);
    expect(await listProducts({ limit: 4 })).toHaveLength(1);
    await deleteProduct(created.id, ADMIN);
    expect(await getProduct(created.id)).toBeNull();
    await expect(deleteProduct(created.id, ADMIN)).rejects.toThrow(/no longer exists/);
  });
});
