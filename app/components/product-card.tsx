import { Package } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { formatPrice, productDescription } from "~/lib/products/format";

export type ProductSummary = { id: string; name: string; description: string; price: number; imageUrl: string | null };

export function ProductImage({ src, alt, className }: { src: string | null; alt: string; className?: string }) {
  if (!src) {
    return (
      <div className={`flex items-center justify-center bg-muted text-muted-foreground ${className ?? ""}`} role="img" aria-label={`${alt} (no image yet)`}>
        <Package className="size-12" aria-hidden="true" />
      </div>
    );
  }
  return <img src={src} alt={alt} loading="lazy" className={`object-contain bg-muted ${className ?? ""}`} />;
}

export function ProductCard({ product, siteName }: { product: ProductSummary; siteName: string }) {
  return (
    <Card className="overflow-hidden pt-0">
      <ProductImage src={product.imageUrl} alt={product.name} className="aspect-square w-full" />
      <CardHeader>
        <CardTitle>{product.name}</CardTitle>
        <p className="text-lg font-extrabold text-secondary">{formatPrice(product.price)}</p>
      </CardHeader>
      <CardContent className="flex-1">
        <p className="line-clamp-3 text-sm text-muted-foreground">{productDescription(product.description, siteName)}</p>
      </CardContent>
      <CardFooter>
        <Button asChild variant="outline" className="w-full">
          <Link to={`/products/${product.id}`} aria-label={`View details of ${product.name}`}>
            View Details
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
