import { useLingui } from "@lingui/react";
import type { ChromeHandle } from "~/lib/route-chrome";
import { ArrowLeft, ShoppingCart } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/product";
import { ProductImage } from "~/components/product-card";
import { Button } from "~/components/ui/button";
import { formatPrice, productDescription } from "~/lib/products/format";
import { getProduct } from "~/lib/products/products.server";
import { siteNameFrom } from "~/lib/site-name";
import { NoticePage } from "~/components/notice-page";
import { getEnv } from "~/kernel/env.server";
import { pageTranslation } from "~/lib/i18n/catalogs.server";

// Nothing here needs a script: the page ships no JavaScript (ADR 0024).
export const handle: ChromeHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  const siteName = siteNameFrom(matches);
  return [{ title: `${loaderData?.meta.title ?? ""} | ${siteName}` }, { name: "description", content: loaderData?.meta.description ?? "" }];
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const { i18n, messages } = pageTranslation(request, "product");
  const product = await getProduct(params.productId);
  const siteName = getEnv().SITE_NAME;
  const meta = product
    ? { title: product.name, description: productDescription(product.description, siteName, i18n).slice(0, 160) }
    : { title: i18n._("Product Not Found"), description: i18n._("This {siteName} product is no longer in the shop.", { siteName }) };
  return data({ product, meta, messages }, product ? undefined : { status: 404 });
}

export default function ProductDetail({ loaderData, matches }: Route.ComponentProps) {
  const siteName = siteNameFrom(matches);
  const { product } = loaderData;
  const { i18n } = useLingui();
  if (!product) {
    return <NoticePage title={i18n._("Product Not Found")} message={i18n._("Sorry, we couldn't find the product you're looking for.")} />;
  }
  return (
    <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-12">
      <Link to="/" className="inline-flex items-center gap-1 rounded-md text-sm font-semibold text-secondary hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> {i18n._("Back to Home")}
      </Link>
      <div className="mt-6 grid gap-10 md:grid-cols-2">
        <ProductImage src={product.imageUrl} alt={product.name} shape="square" className="w-full rounded-2xl border" />
        <div className="flex flex-col gap-4">
          <h1 className="text-4xl font-extrabold">{product.name}</h1>
          <p className="text-3xl font-extrabold text-secondary">{formatPrice(product.price)}</p>
          <p className="text-lg text-muted-foreground">{productDescription(product.description, siteName, i18n)}</p>
          {product.purchaseLink ? (
            <Button asChild size="lg" className="w-fit">
              <a href={product.purchaseLink} target="_blank" rel="noopener noreferrer">
                <ShoppingCart aria-hidden="true" /> {i18n._("Order Now")}
              </a>
            </Button>
          ) : (
            <Button size="lg" disabled className="w-fit">
              {i18n._("Not Available for Purchase")}
            </Button>
          )}
        </div>
      </div>
    </main>
  );
}
