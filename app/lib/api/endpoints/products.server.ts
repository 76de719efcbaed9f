import { apiKeyActor } from "../../audit/actor";
import { AppError } from "../../../kernel/errors";
import { createProduct, deleteProduct, getProduct, listProducts, updateProduct } from "../../products/products.server";
import { defineEndpoint } from "../endpoint.server";
import { IdParams, ProductBodySchema, ProductListSchema, ProductPatchSchema, ProductSchema } from "../schemas";
import { z } from "../zod";

export const productEndpoints = [
  defineEndpoint({
    method: "get",
    path: "/products",
    operationId: "listProducts",
    summary: "List products",
    tag: "Products",
    scope: "products:read",
    response: ProductListSchema,
    handle: async () => ({ data: await listProducts() }),
  }),
  defineEndpoint({
    method: "get",
    path: "/products/{id}",
    operationId: "getProduct",
    summary: "Get a product",
    tag: "Products",
    scope: "products:read",
    params: IdParams,
    response: ProductSchema,
    errors: [400, 404],
    handle: async ({ params }) => {
      const product = await getProduct(params.id);
      if (!product) throw new AppError("NOT_FOUND", "No product has this id.");
      return product;
    },
  }),
  defineEndpoint({
    method: "post",
    path: "/products",
    operationId: "createProduct",
    summary: "Add a product",
    description: "Recorded in the audit log with the API key.",
    tag: "Products",
    scope: "products:write",
    body: ProductBodySchema,
    response: ProductSchema,
    status: 201,
    errors: [400],
    handle: async ({ body }, { key }) => createProduct(body, apiKeyActor(key)),
  }),
  defineEndpoint({
    method: "patch",
    path: "/products/{id}",
    operationId: "updateProduct",
    summary: "Change a product",
    description: "Only the fields sent change. Recorded in the audit log with the API key.",
    tag: "Products",
    scope: "products:write",
    params: IdParams,
    body: ProductPatchSchema,
    response: ProductSchema,
    errors: [400, 404],
    handle: async ({ params, body }, { key }) => {
      const current = await getProduct(params.id);
      if (!current) throw new AppError("NOT_FOUND", "No product has this id.");
      const { id: _id, ...fields } = current;
      return updateProduct(params.id, { ...fields, ...body }, apiKeyActor(key));
    },
  }),
  defineEndpoint({
    method: "delete",
    path: "/products/{id}",
    operationId: "deleteProduct",
    summary: "Delete a product",
    tag: "Products",
    scope: "products:write",
    params: IdParams,
    response: z.object({ deleted: z.literal(true) }).openapi("Deleted"),
    errors: [400, 404],
    handle: async ({ params }, { key }) => {
      await deleteProduct(params.id, apiKeyActor(key));
      return { deleted: true as const };
    },
  }),
];
