import { useCallback, useState } from "react";
import { Skeleton } from "~/components/ui/skeleton";
import { cn } from "~/lib/utils";

type LogoState = "loading" | "loaded" | "failed";

/**
 * The logo setting's image: a skeleton until it loads, the product name if it fails.
 * `tone="dark"` sets it on a light plate, so a dark word-mark stays readable on a dark
 * background. It never shrinks below its own size.
 */
export function BrandLogo({ src, siteName, className, tone = "light" }: { src: string; siteName: string; className?: string; tone?: "light" | "dark" }) {
  // What the current `src` did; a new `src` starts loading again.
  const [loaded, setLoaded] = useState<{ src: string; state: LogoState } | null>(null);
  const state: LogoState = loaded?.src === src ? loaded.state : "loading";
  const settle = useCallback((next: LogoState) => setLoaded({ src, state: next }), [src]);
  // The image may have finished before hydration, when no load event reaches React.
  const image = useCallback(
    (element: HTMLImageElement | null) => {
      if (element?.complete) settle(element.naturalWidth > 0 ? "loaded" : "failed");
    },
    [settle],
  );

  if (state === "failed") {
    return <span className={cn("shrink-0 whitespace-nowrap text-xl font-extrabold tracking-tight", className)}>{siteName}</span>;
  }
  return (
    <span
      data-slot="brand-logo"
      data-tone={tone}
      className={cn(
        "relative inline-flex h-10 shrink-0 items-center data-[tone=dark]:rounded-xl data-[tone=dark]:bg-white/95 data-[tone=dark]:px-3 data-[tone=dark]:shadow-sm",
        className,
      )}
    >
      {state === "loading" && <Skeleton data-testid="logo-skeleton" className="absolute inset-0 h-10 w-32" />}
      <img
        ref={image}
        src={src}
        alt={siteName}
        className={cn("h-10 w-auto max-w-none transition-opacity", state === "loaded" ? "opacity-100" : "opacity-0")}
        onLoad={() => settle("loaded")}
        onError={() => settle("failed")}
      />
    </span>
  );
}
