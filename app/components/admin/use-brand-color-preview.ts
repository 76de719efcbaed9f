import { useEffect, useRef } from "react";
import { useLiveSettings } from "~/components/live-settings";
import { applyBrandColor } from "~/lib/settings/brand-color";

/**
 * Spec §4: a colour pick recolours the page at once, before saving. Leaving the screen
 * without saving puts the saved (live) colour back, so the pick never follows the
 * admin to other screens.
 */
export function useBrandColorPreview(): (color: string) => void {
  const saved = useLiveSettings().primaryBrandColor;
  const savedRef = useRef(saved);
  useEffect(() => {
    savedRef.current = saved;
  }, [saved]);
  useEffect(() => () => applyBrandColor(savedRef.current), []);
  return applyBrandColor;
}
