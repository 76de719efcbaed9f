import { Bar, BarChart, CartesianGrid, LabelList, XAxis, YAxis } from "recharts";
import { ChartFrame } from "~/components/admin/report-charts";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatConversion, type FunnelStep } from "~/lib/reports/funnel";

/**
 * visit → join → confirm → share → referred join. The bars are decoration for sighted
 * readers (hidden from assistive technology); the table under them carries the numbers.
 */
export function FunnelChart({ steps }: { steps: FunnelStep[] }) {
  const isEmpty = steps.every((step) => step.count === 0);
  return (
    <div className="space-y-4">
      <div aria-hidden="true">
        <ChartFrame isEmpty={isEmpty} emptyText="Nothing counted in this range yet.">
          <BarChart data={steps} layout="vertical" margin={{ left: 20, right: 40 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} fontSize={12} />
            <YAxis type="category" dataKey="label" width={110} fontSize={12} />
            <Bar dataKey="count" name="Count" fill="#1e3a8a" isAnimationActive={false}>
              <LabelList dataKey="count" position="right" fontSize={12} />
            </Bar>
          </BarChart>
        </ChartFrame>
      </div>
      <Table data-testid="funnel-steps">
        <TableCaption className="sr-only">Funnel steps with the conversion from the step before</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Step</TableHead>
            <TableHead className="text-right">Count</TableHead>
            <TableHead className="text-right">From the step before</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {steps.map((step) => (
            <TableRow key={step.label}>
              <TableHead scope="row">{step.label}</TableHead>
              <TableCell className="text-right tabular-nums">{step.count}</TableCell>
              <TableCell className="text-right tabular-nums">{formatConversion(step.conversion)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
