import { useLingui } from "@lingui/react";
import { History } from "lucide-react";
import { Link } from "react-router";
import { LocalTime } from "~/components/local-time";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { historyLine, pendingLine, type HistoryEntry, type PendingEntry } from "~/lib/points/history-text";

/** The member's points, change by change, newest first; older pages by link (works without JavaScript). */
export function PointsHistoryCard({ history }: { history: { pending: PendingEntry[]; entries: HistoryEntry[]; nextBefore: number | null } }) {
  const { i18n } = useLingui();
  return (
    <Card className="sm:col-span-2">
      <CardHeader>
        <CardDescription className="flex items-center gap-2">
          <History className="size-4" aria-hidden="true" /> {i18n._("Points history")}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="divide-y text-sm" data-testid="points-history">
          {history.pending.map((entry) => (
            <li key={`pending-${entry.friend}-${entry.since}`} className="flex justify-between gap-4 py-2 text-muted-foreground">
              <span>{pendingLine(entry, i18n)}</span>
              <LocalTime value={entry.since} style="date" />
            </li>
          ))}
          {history.entries.map((entry) => (
            <li key={entry.id} className="flex justify-between gap-4 py-2">
              <span>{historyLine(entry, i18n)}</span>
              <LocalTime value={entry.at} style="date" className="shrink-0 text-muted-foreground" />
            </li>
          ))}
        </ol>
        {history.nextBefore !== null && (
          <Link to={`?before=${history.nextBefore}`} className="mt-3 inline-block font-semibold text-secondary underline" preventScrollReset>
            {i18n._("Older points")}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}
