import { useCallback, useState } from "react";
import { useIsHydrated } from "~/components/use-is-hydrated";
import { cn } from "~/lib/utils";

type LogoState = "loading" | "loaded" | "failed";

/**
 * The logo setting's image: a skeleton until it loads, the product name if it fails.
 * `tone="dark"` sets it on a light plate, so a dark word-mark stays readable on a dark
 * background. Its height is in pixels: large text leaves a logo as it is.
 */
export function BrandLogo({ src, siteName, className, tone = "light" }: { src: string; siteName: string; className?: string; tone?: "light" | "dark" }) {
  // What the current `src` did; a new `src` starts loading again.
  const [loaded, setLoaded] = useState<{ src: string; state: LogoState } | null>(null);
  const state: LogoState = loaded?.src === src ? loaded.state : "loading";
  // Server-rendered (and on pages without scripts) the image shows as it arrives; the
  // skeleton is for a logo that changes while the page is open.
  const isHydrated = useIsHydrated();
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
        "relative inline-flex h-[40px] max-w-full shrink-0 items-center data-[tone=dark]:rounded-xl data-[tone=dark]:bg-white/95 data-[tone=dark]:px-3 data-[tone=dark]:shadow-sm",
        className,
      )}
    >
      {state === "loading" && isHydrated && (
        <span data-testid="logo-skeleton" aria-hidden="true" className="absolute inset-0 h-[40px] w-32 animate-pulse rounded-md bg-muted" />
      )}
      <img
        ref={image}
        src={src}
        alt={siteName}
        className={cn("h-[40px] w-auto max-w-full object-contain object-left transition-opacity", state === "loading" && isHydrated ? "opacity-0" : "opacity-100")}
        onLoad={() => settle("loaded")}
        onError={() => settle("failed")}
      />
    </span>
  );
}
