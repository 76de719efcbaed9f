import { useLingui } from "@lingui/react";
import { Package } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { formatPrice, productDescription } from "~/lib/products/format";
import { cn } from "~/lib/utils";

export type ProductSummary = { id: string; name: string; description: string; price: number; imageUrl: string | null };

const IMAGE_SHAPES = {
  square: { className: "aspect-square", width: 600, height: 600 },
  wide: { className: "aspect-video", width: 640, height: 360 },
};

/** A product's picture in a box of the given shape (sized, so nothing moves while it loads). */
export function ProductImage({ src, alt, shape, className }: { src: string | null; alt: string; shape: keyof typeof IMAGE_SHAPES; className?: string }) {
  const { i18n } = useLingui();
  const { className: shapeClass, width, height } = IMAGE_SHAPES[shape];
  if (!src) {
    return (
      <div className={cn("flex items-center justify-center bg-muted text-muted-foreground", shapeClass, className)} role="img" aria-label={i18n._("{name} (no image yet)", { name: alt })}>
        <Package className="size-12" aria-hidden="true" />
      </div>
    );
  }
  return <img src={src} alt={alt} loading="lazy" width={width} height={height} className={cn("bg-muted object-contain", shapeClass, className)} />;
}

export function ProductCard({ product, siteName }: { product: ProductSummary; siteName: string }) {
  const { i18n } = useLingui();
  return (
    <Card className="overflow-hidden pt-0">
      <ProductImage src={product.imageUrl} alt={product.name} shape="square" className="w-full" />
      <CardHeader>
        <CardTitle>{product.name}</CardTitle>
        <p className="text-lg font-extrabold text-secondary">{formatPrice(product.price)}</p>
      </CardHeader>
      <CardContent className="flex-1">
        <p className="line-clamp-3 text-sm text-muted-foreground">{productDescription(product.description, siteName, i18n)}</p>
      </CardContent>
      <CardFooter>
        <Button asChild variant="outline" className="w-full">
          <Link to={`/products/${product.id}`} aria-label={i18n._("View details of {name}", { name: product.name })}>
            {i18n._("View Details")}
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
