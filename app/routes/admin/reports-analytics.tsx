import { MailCheck, Package, Users } from "lucide-react";
import { data } from "react-router";
import type { Route } from "./+types/reports-analytics";
import { FunnelChannelTable } from "~/components/admin/funnel-channels";
import { FunnelChart } from "~/components/admin/funnel-chart";
import { FunnelRangeForm } from "~/components/admin/funnel-range-form";
import { BreakdownChart, SignupsChart, TopReferrersChart } from "~/components/admin/report-charts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { mayExport, requireStaff } from "~/lib/auth/guards.server";
import { formatKFactor } from "~/lib/reports/funnel";
import { resolveFunnelRange } from "~/lib/reports/funnel-range.schema";
import { getFunnelReport, getSiteToday } from "~/lib/reports/funnel.server";
import {
  getReferralPerformance,
  getReportStats,
  listCountryBreakdown,
  listLanguageBreakdown,
  listDailySignups,
  listDeviceBreakdown,
} from "~/lib/reports/reports.server";

export const meta: Route.MetaFunction = () => [{ title: "Reports & Analytics | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "reports-analytics");
  const query = new URL(request.url).searchParams;
  const chosen = resolveFunnelRange(query, await getSiteToday());
  const [stats, signups, referrals, devices, countries, languages, funnel] = await Promise.all([
    getReportStats(),
    listDailySignups(),
    getReferralPerformance(),
    listDeviceBreakdown(),
    listCountryBreakdown(),
    listLanguageBreakdown(),
    chosen.ok ? getFunnelReport(chosen.range) : null,
  ]);
  const rangeForm = chosen.ok
    ? { values: chosen.range, range: chosen.range, error: null }
    : { values: { from: query.get("from") ?? "", to: query.get("to") ?? "" }, range: null, error: chosen.message };
  return data({ stats, signups, referrals, devices, countries, languages, funnel, rangeForm, canExport: await mayExport(user) }, { status: chosen.ok ? 200 : 400 });
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

export default function ReportsAnalytics({ loaderData }: Route.ComponentProps) {
  const { stats, signups, referrals, devices, countries, languages, funnel, rangeForm, canExport } = loaderData;
  const confirmationRate = stats.totalMembers ? stats.confirmedMembers / stats.totalMembers : 0;
  const cards = [
    { title: "Total Waitlist Users", value: stats.totalMembers, icon: Users },
    { title: "Confirmed Emails", value: stats.confirmedMembers, icon: MailCheck },
    { title: "Total Products", value: stats.totalProducts, icon: Package },
  ];
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <h1 className="text-3xl font-extrabold">Reports &amp; Analytics</h1>
      <h2 className="sr-only">Totals</h2>
      <div className="grid gap-4 sm:grid-cols-3">
        {cards.map((card) => (
          <Card key={card.title}>
            <CardHeader row className="items-center">
              <CardTitle size="base">{card.title}</CardTitle>
              <card.icon className="size-5 text-muted-foreground" aria-hidden="true" />
            </CardHeader>
            <CardContent>
              <p className="text-4xl font-extrabold" data-testid={`stat-${card.title}`}>{card.value}</p>
            </CardContent>
          </Card>
        ))}
      </div>
      <h2 className="sr-only">Growth and engagement</h2>
      <Card>
        <CardHeader>
          <CardTitle>Growth funnel</CardTitle>
          <CardDescription>
            Landing visit → join → confirmation → share click → referred join, counted per day
            {funnel ? ` in ${funnel.timeZone} time, ${funnel.range.from} to ${funnel.range.to}` : ""}. Visits are counted
            without cookies or addresses.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <FunnelRangeForm {...rangeForm} canExport={canExport} />
          {funnel && (
            <>
              <FunnelChart steps={funnel.steps} />
              <div className="rounded-xl bg-muted p-4">
                <p className="text-sm text-muted-foreground">K-factor</p>
                <p className="text-4xl font-extrabold" data-testid="k-factor">{formatKFactor(funnel.kFactor)}</p>
                <p className="mt-1 text-sm text-muted-foreground">
                  Members who joined through a referral link and confirmed their e-mail in this range (
                  {funnel.totals.referredConfirmations}) ÷ members who joined in this range ({funnel.totals.joins}).
                </p>
              </div>
              <FunnelChannelTable channels={funnel.channels} kFactor={funnel.kFactor} />
            </>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Signups per day</CardTitle>
          <CardDescription>Last 90 days (UTC), direct signups and signups through a referral link.</CardDescription>
        </CardHeader>
        <CardContent>
          <SignupsChart days={signups} />
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Referral Performance</CardTitle>
            <CardDescription>
              Viral coefficient {referrals.viralCoefficient.toFixed(2)} ({referrals.referredSignups} referred signups) ·{" "}
              {percent(referrals.shareWithReferral)} of members referred at least one friend.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <TopReferrersChart referrers={referrals.topReferrers} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Email Engagement</CardTitle>
            <CardDescription>Members who confirmed their address from the welcome e-mail.</CardDescription>
          </CardHeader>
          <CardContent>
            <p className="text-5xl font-extrabold" data-testid="confirmation-rate">{percent(confirmationRate)}</p>
            <p className="mt-1 text-muted-foreground">confirmation rate ({stats.confirmedMembers} of {stats.totalMembers})</p>
            <BreakdownChart
              slices={stats.totalMembers ? [
                { label: "Confirmed", members: stats.confirmedMembers },
                { label: "Not confirmed", members: stats.totalMembers - stats.confirmedMembers },
              ] : []}
              emptyText="No members yet."
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Device Breakdown</CardTitle>
            <CardDescription>Device class at signup, from the browser's user agent.</CardDescription>
          </CardHeader>
          <CardContent>
            <BreakdownChart slices={devices} emptyText="No signups yet." />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Location Insights</CardTitle>
            <CardDescription>Country guessed from the browser's language and time zone at signup (top 10).</CardDescription>
          </CardHeader>
          <CardContent>
            <BreakdownChart slices={countries} emptyText="No signups yet." />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Languages</CardTitle>
            <CardDescription>The site's language each member's browser preferred when they joined.</CardDescription>
          </CardHeader>
          <CardContent>
            <BreakdownChart slices={languages} emptyText="No signups yet." />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
