import { useLingui } from "@lingui/react";
import { TrendingUp } from "lucide-react";
import { movementText, passText, placeText, type PlaceInLine, type PlaceMovement } from "~/lib/leaderboard/place-text";
import { cn } from "~/lib/utils";

/** "You're #N of M", what it takes to move up, and how far the member climbed since yesterday. */
export function PlaceInLineNote({ place, className }: { place: PlaceInLine & { movement?: PlaceMovement | null }; className?: string }) {
  const { i18n } = useLingui();
  const climbed = place.movement && place.movement.places > 0 ? place.movement : null;
  return (
    <p className={cn("rounded-xl bg-secondary/10 px-4 py-3", className)} data-testid="place-in-line">
      <span className="block text-lg font-extrabold">{placeText(place, i18n)}</span>
      {climbed && (
        <span className="flex items-center gap-1 text-sm font-semibold text-green-800" data-testid="place-movement">
          <TrendingUp className="size-4" aria-hidden="true" /> {movementText(climbed, i18n)}
        </span>
      )}
      <span className="block text-sm text-muted-foreground">{passText(place, i18n)}</span>
    </p>
  );
}
