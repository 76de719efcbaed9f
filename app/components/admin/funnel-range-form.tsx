import { Download } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { DayRange } from "~/lib/reports/funnel-range.schema";

type Props = {
  /** What the form shows: the range in force, or what was typed when it was refused. */
  values: { from: string; to: string };
  /** The range the numbers on screen are for; null when the typed one was refused. */
  range: DayRange | null;
  error: string | null;
  /** A viewer sees no download unless the team allows it. */
  canExport: boolean;
};

/** A GET form (works without JavaScript): the range lands in the address, so it can be shared. */
export function FunnelRangeForm({ values, range, error, canExport }: Props) {
  const errorId = error ? "funnel-range-error" : undefined;
  return (
    <div className="space-y-2">
      <Form method="get" key={`${values.from}|${values.to}`} className="flex flex-wrap items-end gap-3" aria-label="Date range">
        <div className="grid gap-1.5">
          <Label htmlFor="funnel-from">From</Label>
          <Input id="funnel-from" name="from" type="date" defaultValue={values.from} aria-invalid={error ? true : undefined} aria-describedby={errorId} className="max-w-44" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="funnel-to">To</Label>
          <Input id="funnel-to" name="to" type="date" defaultValue={values.to} aria-invalid={error ? true : undefined} aria-describedby={errorId} className="max-w-44" />
        </div>
        <Button type="submit" variant="secondary">Show</Button>
        {range && canExport && (
          <Button asChild variant="outline">
            <a href={`/api/funnel.csv?${new URLSearchParams(range)}`} download>
              <Download aria-hidden="true" /> Download CSV
            </a>
          </Button>
        )}
      </Form>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
