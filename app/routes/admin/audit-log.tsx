import { Download, Filter } from "lucide-react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/audit-log";
import { LocalTime } from "~/components/local-time";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { AuditFilterQuery } from "~/lib/audit/audit.schema";
import { listAuditEvents, listAuditTargetTypes } from "~/lib/audit/audit.server";
import { mayExport, requireStaff } from "~/lib/auth/guards.server";

export { adminShouldRevalidate as shouldRevalidate } from "~/lib/admin/revalidation";

export const meta: Route.MetaFunction = () => [{ title: "Audit Log | Admin" }];

const ACTOR_KINDS = { admin: "Admins", api_key: "API keys", system: "The system" } as const;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "audit-log");
  const filter = AuditFilterQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [page, targetTypes] = await Promise.all([
    listAuditEvents({ actorKind: filter.actor, targetType: filter.target, search: filter.q, before: filter.before }),
    listAuditTargetTypes(),
  ]);
  return {
    canExport: await mayExport(user),
    filter,
    targetTypes,
    nextBefore: page.nextBefore,
    rows: page.rows.map((row) => ({ ...row, occurredAt: row.occurredAt.toISOString(), before: row.before === null ? null : JSON.stringify(row.before, null, 2), after: row.after === null ? null : JSON.stringify(row.after, null, 2) })),
  };
}

function query(filter: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams(Object.entries(filter).filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== "").map(([name, value]) => [name, String(value)]));
  const text = params.toString();
  return text ? `?${text}` : "";
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { filter, targetTypes, rows, nextBefore, canExport } = loaderData;
  const { before: _before, ...kept } = filter;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <h1 className="text-3xl font-extrabold">Audit Log</h1>
      <p className="text-muted-foreground">Every change made in the back office, through the API or by the app itself: who, what, before and after.</p>
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-xl border bg-card p-4">
        <div className="space-y-1">
          <Label htmlFor="audit-actor">Who</Label>
          <select id="audit-actor" name="actor" defaultValue={filter.actor ?? ""} className="h-10 rounded-md border border-input bg-background px-3 text-sm">
            <option value="">Anyone</option>
            {Object.entries(ACTOR_KINDS).map(([value, label]) => (
              <option key={value} value={value}>{label}</option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="audit-target">What</Label>
          <select id="audit-target" name="target" defaultValue={filter.target ?? ""} className="h-10 rounded-md border border-input bg-background px-3 text-sm">
            <option value="">Everything</option>
            {targetTypes.map((type) => (
              <option key={type} value={type}>{type.replaceAll("_", " ")}</option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="audit-search">Search</Label>
          <Input id="audit-search" name="q" defaultValue={filter.q ?? ""} placeholder="Name, action or id" className="max-w-60" />
        </div>
        <Button type="submit" variant="secondary">
          <Filter aria-hidden="true" /> Filter
        </Button>
        {canExport && (
          <Button asChild variant="outline">
            <a href={`/api/audit.csv${query(kept)}`} download>
              <Download aria-hidden="true" /> Export CSV
            </a>
          </Button>
        )}
      </Form>
      {rows.length === 0 ? (
        <p className="rounded-xl border bg-card p-8 text-center text-muted-foreground">Nothing recorded{filter.actor || filter.target || filter.q ? " for this filter" : " yet"}.</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              {["When", "Who", "Action", "Target", "Change"].map((heading) => (
                <TableHead key={heading}>{heading}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} data-testid="audit-event">
                <TableCell><LocalTime value={row.occurredAt} /></TableCell>
                <TableCell>
                  <span className="block font-semibold">{row.actorName}</span>
                  <Badge variant="outline">{ACTOR_KINDS[row.actorKind]}</Badge>
                </TableCell>
                <TableCell><code>{row.action}</code></TableCell>
                <TableCell className="max-w-48 break-all text-sm">{row.targetType}{row.targetId ? ` ${row.targetId}` : ""}</TableCell>
                <TableCell>
                  {(row.before || row.after) && (
                    <details>
                      <summary className="cursor-pointer text-sm font-semibold">Before and after</summary>
                      <div className="mt-2 grid gap-2 md:grid-cols-2">
                        <pre className="max-h-64 overflow-auto rounded bg-muted p-2 text-xs" aria-label="Before">{row.before ?? "—"}</pre>
                        <pre className="max-h-64 overflow-auto rounded bg-muted p-2 text-xs" aria-label="After">{row.after ?? "—"}</pre>
                      </div>
                    </details>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {nextBefore && (
        <Button asChild variant="outline">
          <Link to={query({ ...kept, before: nextBefore })}>Older changes</Link>
        </Button>
      )}
    </div>
  );
}
