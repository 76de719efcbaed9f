import { useCallback, useState } from "react";
import { useIsHydrated } from "~/components/use-is-hydrated";
import { DEFAULT_LOGO_DARK_URL, DEFAULT_LOGO_SIZE, DEFAULT_LOGO_URL } from "~/lib/settings/settings-rules";
import { cn } from "~/lib/utils";

type LogoState = "loading" | "loaded" | "failed";

/**
 * The logo setting's image: a skeleton until it loads, the product name if it fails.
 * `tone="dark"` is for a dark background: the default logo's white variant, or an uploaded
 * logo on a light plate. Its height is in pixels: large text leaves a logo as it is; `size="lg"`
 * gives the logo a taller box (the hero's).
 */
export function BrandLogo({
  src: logoUrl,
  siteName,
  className,
  tone = "light",
  size = "md",
}: {
  src: string;
  siteName: string;
  className?: string;
  tone?: "light" | "dark";
  size?: "md" | "lg";
}) {
  // The default logo has a white variant for dark backgrounds; an uploaded one sits on a plate.
  const hasDarkVariant = tone === "dark" && logoUrl === DEFAULT_LOGO_URL;
  const src = hasDarkVariant ? DEFAULT_LOGO_DARK_URL : logoUrl;
  const plate = tone === "dark" && !hasDarkVariant;
  // An uploaded logo's shape is unknown; its height is fixed and its width follows.
  const knownSize = logoUrl === DEFAULT_LOGO_URL ? DEFAULT_LOGO_SIZE : undefined;
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
      data-tone={plate ? "dark" : "light"}
      className={cn(
        "relative inline-flex max-w-full shrink-0 items-center data-[tone=dark]:rounded-xl data-[tone=dark]:bg-white/95 data-[tone=dark]:px-3 data-[tone=dark]:shadow-sm",
        size === "lg" ? "h-[48px]" : "h-[40px]",
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
        width={knownSize?.width}
        height={knownSize?.height}
        className={cn("h-[40px] w-auto max-w-full object-contain object-left transition-opacity", state === "loading" && isHydrated ? "opacity-0" : "opacity-100")}
        onLoad={() => settle("loaded")}
        onError={() => settle("failed")}
      />
    </span>
  );
}
