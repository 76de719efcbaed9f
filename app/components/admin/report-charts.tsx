import { useIsHydrated } from "~/components/use-is-hydrated";
import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Skeleton } from "~/components/ui/skeleton";

const COLORS = ["#1e3a8a", "#f8a719", "#0f766e", "#b91c1c", "#7c3aed", "#0369a1", "#a16207", "#be185d"];

/** Charts measure the browser's layout, so they draw after hydration; a skeleton holds the space. */
export function ChartFrame({ isEmpty, emptyText, children }: { isEmpty: boolean; emptyText: string; children: React.ReactElement }) {
  const isMounted = useIsHydrated();
  if (isEmpty) return <p className="flex h-64 items-center justify-center text-sm text-muted-foreground">{emptyText}</p>;
  if (!isMounted) return <Skeleton className="h-64 w-full" aria-label="Loading chart" />;
  return (
    <div className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">{children}</ResponsiveContainer>
    </div>
  );
}

export function SignupsChart({ days }: { days: { day: string; direct: number; referred: number }[] }) {
  const isEmpty = days.every((day) => day.direct + day.referred === 0);
  return (
    <ChartFrame isEmpty={isEmpty} emptyText="No signups in the last 90 days yet.">
      <BarChart data={days} margin={{ left: -20 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" tickFormatter={(day: string) => day.slice(5)} minTickGap={24} fontSize={12} />
        <YAxis allowDecimals={false} fontSize={12} />
        <Tooltip />
        <Legend />
        <Bar dataKey="direct" name="Direct" stackId="signups" fill={COLORS[0]} />
        <Bar dataKey="referred" name="Referred" stackId="signups" fill={COLORS[1]} />
      </BarChart>
    </ChartFrame>
  );
}

export function TopReferrersChart({ referrers }: { referrers: { nickname: string; referralsMade: number }[] }) {
  return (
    <ChartFrame isEmpty={referrers.length === 0} emptyText="No referrals yet.">
      <BarChart data={referrers} layout="vertical" margin={{ left: 20 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} fontSize={12} />
        <YAxis type="category" dataKey="nickname" width={100} fontSize={12} />
        <Tooltip />
        <Bar dataKey="referralsMade" name="Referrals" fill={COLORS[2]} />
      </BarChart>
    </ChartFrame>
  );
}

export function BreakdownChart({ slices, emptyText }: { slices: { label: string; members: number }[]; emptyText: string }) {
  return (
    <ChartFrame isEmpty={slices.length === 0} emptyText={emptyText}>
      <PieChart>
        <Pie data={slices} dataKey="members" nameKey="label" outerRadius={90} label>
          {slices.map((slice, index) => (
            <Cell key={slice.label} fill={COLORS[index % COLORS.length]} />
          ))}
        </Pie>
        <Tooltip />
        <Legend />
      </PieChart>
    </ChartFrame>
  );
}
