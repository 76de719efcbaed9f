import { passText, placeText, type PlaceInLine } from "~/lib/leaderboard/place-text";
import { cn } from "~/lib/utils";

/** "You're #N of M" and what it takes to move up. */
export function PlaceInLineNote({ place, className }: { place: PlaceInLine; className?: string }) {
  return (
    <p className={cn("rounded-xl bg-secondary/10 px-4 py-3", className)} data-testid="place-in-line">
      <span className="block text-lg font-extrabold">{placeText(place)}</span>
      <span className="block text-sm text-muted-foreground">{passText(place)}</span>
    </p>
  );
}
