import { Pencil, RefreshCw, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, Link, useFetcher, useNavigation, useRevalidator, useSearchParams } from "react-router";
import type { Route } from "./+types/products";
import { useActionToast, type ToastMessage } from "~/components/admin/action-toast";
import { ImageUpload } from "~/components/admin/image-upload";
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
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { requireAdmin } from "~/lib/auth/guards.server";
import { isAppError } from "~/lib/errors";
import { log } from "~/lib/log.server";
import { formatPrice, productDescription } from "~/lib/products/format";
import { ProductInputSchema, type ProductField } from "~/lib/products/product.schema";
import { createProduct, deleteProduct, getProduct, listProducts, updateProduct } from "~/lib/products/products.server";
import { siteNameFrom } from "~/lib/site-name";

export const meta: Route.MetaFunction = () => [{ title: "Products | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const editId = new URL(request.url).searchParams.get("edit");
  const [items, editing] = await Promise.all([listProducts(), editId ? getProduct(editId) : null]);
  return { items, editing };
}

type ActionResult = { ok: boolean; toast?: ToastMessage; fieldErrors?: Partial<Record<ProductField, string>>; savedId?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const failure = { delete: "Deletion Failed", update: "Update Failed", create: "Addition Failed" }[intent === "delete" ? "delete" : id ? "update" : "create"];
  try {
    if (intent === "delete") {
      await deleteProduct(id);
      return data<ActionResult>({ ok: true, toast: { kind: "success", title: "Product Deleted!" } });
    }
    const parsed = ProductInputSchema.safeParse({
      name: form.get("name") ?? "",
      description: form.get("description") ?? "",
      price: form.get("price") ?? "",
      purchaseLink: form.get("purchaseLink") ?? "",
      imageUrl: form.get("imageUrl") ?? "",
    });
    if (!parsed.success) {
      const fieldErrors: Partial<Record<ProductField, string>> = {};
      for (const issue of parsed.error.issues) fieldErrors[issue.path[0] as ProductField] ??= issue.message;
      return data<ActionResult>({ ok: false, fieldErrors, toast: { kind: "error", title: failure, description: Object.values(fieldErrors)[0] } }, { status: 400 });
    }
    const saved = id ? await updateProduct(id, parsed.data, admin.id) : await createProduct(parsed.data, admin.id);
    return data<ActionResult>({ ok: true, savedId: saved.id, toast: { kind: "success", title: id ? "Product Updated!" : "Product Added!", description: saved.name } });
  } catch (error) {
    if (isAppError(error)) return data<ActionResult>({ ok: false, toast: { kind: "error", title: failure, description: error.userMessage } }, { status: error.status });
    log.error("product change failed", { requestId: context.requestId, error });
    return data<ActionResult>({ ok: false, toast: { kind: "error", title: failure, description: "Please try again." } }, { status: 500 });
  }
}

type Editing = Route.ComponentProps["loaderData"]["editing"];

function ProductForm({ editing, siteName }: { editing: Editing; siteName: string }) {
  const fetcher = useFetcher<typeof action>({ key: "product-form" });
  const [, setSearchParams] = useSearchParams();
  const form = useRef<HTMLFormElement>(null);
  const [imageUrl, setImageUrl] = useState(editing?.imageUrl ?? "");
  const result = fetcher.data;
  const errors = result?.fieldErrors ?? {};
  const isSaving = fetcher.state !== "idle";
  useActionToast(result);

  useEffect(() => setImageUrl(editing?.imageUrl ?? ""), [editing]);
  useEffect(() => {
    if (!result?.ok) return;
    if (editing) setSearchParams({}, { replace: true });
    form.current?.reset();
    setImageUrl("");
  }, [result]);

  const field = (name: ProductField) => ({
    id: `product-${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `product-${name}-error` : undefined,
  });
  const error = (name: ProductField) =>
    errors[name] && <p id={`product-${name}-error`} className="text-sm font-semibold text-destructive">{errors[name]}</p>;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{editing ? "Edit Product" : "Add New Product"}</CardTitle>
      </CardHeader>
      <CardContent>
        <fetcher.Form ref={form} method="post" key={editing?.id ?? "new"} noValidate>
          {editing && <input type="hidden" name="id" value={editing.id} />}
          <fieldset disabled={isSaving} className="grid gap-4">
            <div className="grid gap-1.5">
              <Label htmlFor="product-name">Name</Label>
              <Input {...field("name")} defaultValue={editing?.name} required />
              {error("name")}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="product-description">Description</Label>
              <Textarea {...field("description")} defaultValue={editing?.description} rows={3} placeholder={productDescription("", siteName)} />
              {error("description")}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="product-price">Price ($)</Label>
              <Input {...field("price")} type="number" inputMode="decimal" step="0.01" min="0" defaultValue={editing?.price.toFixed(2)} required />
              {error("price")}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="product-purchaseLink">Purchase link (optional)</Label>
              <Input {...field("purchaseLink")} type="url" placeholder="https://" defaultValue={editing?.purchaseLink ?? ""} />
              {error("purchaseLink")}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="product-imageUrl">Image URL (optional)</Label>
              <Input {...field("imageUrl")} value={imageUrl} onChange={(event) => setImageUrl(event.target.value)} />
              {error("imageUrl")}
            </div>
            <ImageUpload target="product" label="Or upload an image" onUploaded={setImageUrl} disabled={isSaving} />
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
  const fetcher = useFetcher<typeof action>();
  useActionToast(fetcher.data);
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
  const { items, editing } = loaderData;
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const isLoading = revalidator.state === "loading" || (navigation.state === "loading" && navigation.location.pathname === "/admin/products");
  return (
    <div className="mx-auto grid max-w-6xl gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="space-y-4">
        <h1 className="text-3xl font-extrabold">Products</h1>
        <ProductForm editing={editing} siteName={siteName} />
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
                  <ProductImage src={product.imageUrl} alt={product.name} className="aspect-video w-full rounded-t-xl" />
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
