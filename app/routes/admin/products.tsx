import { getInputProps, getTextareaProps } from "@conform-to/react";
import { Pencil, RefreshCw, Trash2 } from "lucide-react";
import { useEffect } from "react";
import { Link, useFetcher, useNavigate, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/products";
import { adminClientAction, useAdminForm } from "~/components/admin/admin-form";
import { FormField } from "~/components/form-field";
import { ImageUrlField } from "~/components/admin/image-url-field";
import { ProductImage } from "~/components/product-card";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { adminAction } from "~/lib/admin/admin-action.server";
import type { AdminActionResult, FailureToast } from "~/lib/admin/action-result";
import { versionOf } from "~/lib/admin/version";
import { requireStaff } from "~/lib/auth/guards.server";
import { formatPrice, productDescription } from "~/lib/products/format";
import { ProductActionSchema, ProductSaveSchema } from "~/lib/products/product.schema";
import { deleteProduct, getProduct, listProducts, saveProduct } from "~/lib/products/products.server";
import { adminActor } from "~/lib/audit/actor";
import { siteNameFrom } from "~/lib/site-name";

export { adminShouldRevalidate as shouldRevalidate } from "~/lib/admin/revalidation";

export const meta: Route.MetaFunction = () => [{ title: "Products | Admin" }];

function failure(form: FormData): FailureToast {
  if (form.get("intent") === "delete") return { title: "Deletion Failed" };
  return form.get("id") ? { title: "Update Failed" } : { title: "Addition Failed" };
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "products");
  const editId = new URL(request.url).searchParams.get("edit");
  const [items, editing] = await Promise.all([listProducts(), editId ? getProduct(editId) : null]);
  return { items, editing, editingVersion: versionOf(editing) };
}

export async function action(args: Route.ActionArgs) {
  return adminAction(args, {
    section: "products",
    schema: ProductActionSchema,
    failure,
    run: async (input, admin) => {
      if (input.intent === "delete") {
        await deleteProduct(input.id, adminActor(admin));
        return { title: "Product Deleted!" };
      }
      const { intent, id, ...product } = input;
      const saved = await saveProduct(id, product, adminActor(admin));
      return { title: id ? "Product Updated!" : "Product Added!", description: saved.name, resetForm: !id };
    },
  });
}

export const clientAction = adminClientAction(failure);

type Editing = Route.ComponentProps["loaderData"]["editing"];

function ProductForm({ editing, version, siteName }: { editing: Editing; version: string; siteName: string }) {
  const navigate = useNavigate();
  const { form, fields, fetcher, formProps, isSaving, result } = useAdminForm({
    id: `product-${editing?.id ?? "new"}-${version}`,
    schema: ProductSaveSchema,
    failure,
    defaultValue: editing
      ? { ...editing, price: editing.price.toFixed(2), purchaseLink: editing.purchaseLink ?? "", imageUrl: editing.imageUrl ?? "" }
      : undefined,
  });
  const wasEditing = Boolean(editing);

  // An edit that saved goes back to the "add" form (spec §4), as Cancel Edit does.
  useEffect(() => {
    if (result?.ok && wasEditing) void navigate("/admin/products", { replace: true });
  }, [result, wasEditing, navigate]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{editing ? "Edit Product" : "Add New Product"}</CardTitle>
      </CardHeader>
      <CardContent>
        <fetcher.Form key={form.id} {...formProps}>
          <input type="hidden" name="intent" value="save" />
          {editing && <input type="hidden" name="id" value={editing.id} />}
          <fieldset disabled={isSaving} className="grid gap-4">
            <FormField field={fields.name} label="Name">
              <Input {...getInputProps(fields.name, { type: "text" })} />
            </FormField>
            <FormField field={fields.description} label="Description">
              <Textarea {...getTextareaProps(fields.description)} rows={3} placeholder={productDescription("", siteName)} />
            </FormField>
            <FormField field={fields.price} label="Price ($)">
              <Input {...getInputProps(fields.price, { type: "number" })} inputMode="decimal" step="0.01" min="0" />
            </FormField>
            <FormField field={fields.purchaseLink} label="Purchase link (optional)">
              <Input {...getInputProps(fields.purchaseLink, { type: "url" })} placeholder="https://" />
            </FormField>
            <ImageUrlField form={form} field={fields.imageUrl} label="Image URL (optional)" uploadLabel="Or upload an image" target="product" disabled={isSaving} />
            <div className="flex flex-wrap gap-2">
              <Button type="submit">{isSaving ? "Saving..." : editing ? "Update Product" : "Add Product"}</Button>
              {editing && (
                <Button asChild variant="outline">
                  <Link to="/admin/products" replace>Cancel Edit</Link>
                </Button>
              )}
            </div>
          </fieldset>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

function DeleteProduct({ id, name }: { id: string; name: string }) {
  const fetcher = useFetcher<AdminActionResult>();
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="destructive" size="sm" disabled={fetcher.state !== "idle"}>
          <Trash2 aria-hidden="true" /> Delete
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Confirm Deletion</AlertDialogTitle>
          <AlertDialogDescription>Delete "{name}"? It disappears from the site at once. This cannot be undone.</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => fetcher.submit({ intent: "delete", id }, { method: "post" })}>Delete</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

export default function AdminProducts({ loaderData, matches }: Route.ComponentProps) {
  const siteName = siteNameFrom(matches);
  const { items, editing, editingVersion } = loaderData;
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const isLoading = revalidator.state === "loading" || (navigation.state === "loading" && navigation.location.pathname === "/admin/products");
  return (
    <div className="mx-auto grid max-w-6xl gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="space-y-4">
        <h1 className="text-3xl font-extrabold">Products</h1>
        {/* A fresh fetcher per mode, so an earlier answer never acts on the next one. Not per
            saved version: the answer of an edit must reach this form to send it back to "add". */}
        <ProductForm key={editing?.id ?? "new"} editing={editing} version={editingVersion} siteName={siteName} />
      </div>
      <section aria-labelledby="product-list" className="space-y-4">
        <div className="flex items-center justify-between">
          <h2 id="product-list" className="text-xl font-bold">All products ({items.length})</h2>
          <Button variant="outline" size="sm" onClick={() => void revalidator.revalidate()} disabled={isLoading}>
            <RefreshCw className={isLoading ? "animate-spin" : undefined} aria-hidden="true" /> Refresh Products
          </Button>
        </div>
        {items.length === 0 ? (
          <p className="rounded-xl border bg-card p-8 text-center text-muted-foreground">No products found. Add some!</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2">
            {items.map((product) => (
              <li key={product.id} data-testid="admin-product">
                <Card className="h-full pt-0">
                  <ProductImage src={product.imageUrl} alt={product.name} shape="wide" className="w-full rounded-t-xl" />
                  <CardHeader>
                    <CardTitle>{product.name}</CardTitle>
                    <p className="font-bold text-secondary">{formatPrice(product.price)}</p>
                  </CardHeader>
                  <CardContent className="flex flex-1 flex-col gap-4">
                    <p className="line-clamp-3 text-sm text-muted-foreground">{productDescription(product.description, siteName)}</p>
                    <div className="mt-auto flex gap-2">
                      <Button asChild variant="outline" size="sm">
                        <Link to={`?edit=${product.id}`} aria-label={`Edit ${product.name}`}>
                          <Pencil aria-hidden="true" /> Edit
                        </Link>
                      </Button>
                      <DeleteProduct id={product.id} name={product.name} />
                    </div>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
