import { getTextareaProps } from "@conform-to/react";
import { Check, X } from "lucide-react";
import type { Route } from "./+types/referral-review";
import { adminClientAction, useAdminForm } from "~/components/admin/admin-form";
import { ReferralTabs } from "~/components/admin/referral-tabs";
import { FormField } from "~/components/form-field";
import { LocalTime } from "~/components/local-time";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { Textarea } from "~/components/ui/textarea";
import { adminAction } from "~/lib/admin/admin-action.server";
import type { FailureToast } from "~/lib/admin/action-result";
import { adminActor } from "~/lib/audit/actor";
import { requireStaff } from "~/lib/auth/guards.server";
import { readReviewChoice, ReviewDecisionSchema } from "~/lib/referrals/referral-admin.schema";
import { decideHeldReferrals, listHeldReferrals, type HeldGroup } from "~/lib/referrals/referral-review.server";
import { SIGNAL_LABELS } from "~/lib/referrals/referral-signals";

export { adminShouldRevalidate as shouldRevalidate } from "~/lib/admin/revalidation";

export const meta: Route.MetaFunction = () => [{ title: "Referral Review | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "referral-leaderboard");
  const groups = await listHeldReferrals();
  return { groups, held: groups.reduce((sum, group) => sum + group.referrals.length, 0) };
}

const FAILURE: FailureToast = { title: "Review Failed", lead: "Could not record the decision. " };

export async function action(args: Route.ActionArgs) {
  return adminAction(args, {
    section: "referral-leaderboard",
    schema: ReviewDecisionSchema,
    failure: FAILURE,
    run: async ({ choice, referrerId, note }, admin) => {
      const { decision, referralId } = readReviewChoice(choice);
      const { decided } = await decideHeldReferrals({ decision, referralId, referrerId, note, actor: adminActor(admin) });
      const what = decided === 1 ? "1 referral" : `${decided} referrals`;
      return decision === "approve"
        ? { title: "Referrals Approved", description: `${what} credited.` }
        : { title: "Referrals Rejected", description: `${what} rejected.` };
    },
  });
}

export const clientAction = adminClientAction(FAILURE);

function ReferrerReview({ group }: { group: HeldGroup }) {
  const { form, fields, fetcher, formProps, isSaving } = useAdminForm({
    id: `review-${group.referrerId}-${group.referrals.map((referral) => referral.id).join("-")}`,
    schema: ReviewDecisionSchema,
    failure: FAILURE,
    defaultValue: { referrerId: group.referrerId, note: "" },
  });
  return (
    <Card data-testid="review-group">
      <CardHeader>
        <CardTitle>{group.referrerEmail}</CardTitle>
        <CardDescription>
          {group.points} points · {group.referralsMade} referrals credited · {group.referrals.length} held
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <fetcher.Form key={form.id} {...formProps} className="space-y-4">
          <input type="hidden" name="referrerId" value={group.referrerId} />
          <fieldset disabled={isSaving} className="space-y-4">
            <Table>
              <TableHeader>
                <TableRow>
                  {["Friend", "Joined", "Confirmed", "Why held", "Decide"].map((heading) => (
                    <TableHead key={heading}>{heading}</TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {group.referrals.map((referral) => (
                  <TableRow key={referral.id} data-testid="held-referral">
                    <TableCell>{referral.friendEmail}</TableCell>
                    <TableCell><LocalTime value={referral.createdAt} /></TableCell>
                    <TableCell>{referral.friendConfirmed ? "Yes" : "No"}</TableCell>
                    <TableCell>
                      <ul className="flex flex-wrap gap-1">
                        {referral.reasons.map((reason) => (
                          <li key={reason}>
                            <Badge variant="outline">{SIGNAL_LABELS[reason as keyof typeof SIGNAL_LABELS] ?? reason}</Badge>
                          </li>
                        ))}
                      </ul>
                    </TableCell>
                    <TableCell>
                      <div className="flex gap-1">
                        <Button size="sm" variant="outline" type="submit" name="choice" value={`approve:${referral.id}`} aria-label={`Approve ${referral.friendEmail}`}>
                          <Check aria-hidden="true" /> Approve
                        </Button>
                        <Button size="sm" variant="outline" type="submit" name="choice" value={`reject:${referral.id}`} aria-label={`Reject ${referral.friendEmail}`}>
                          <X aria-hidden="true" /> Reject
                        </Button>
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <FormField field={fields.note} label="Note (who and why is recorded with the decision)">
              <Textarea {...getTextareaProps(fields.note)} rows={2} placeholder="e.g. Same household, checked with the parent" />
            </FormField>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" name="choice" value="approve">
                <Check aria-hidden="true" /> Approve all {group.referrals.length}
              </Button>
              <Button type="submit" name="choice" value="reject" variant="destructive">
                <X aria-hidden="true" /> Reject all {group.referrals.length}
              </Button>
            </div>
          </fieldset>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

export default function ReferralReview({ loaderData }: Route.ComponentProps) {
  const { groups, held } = loaderData;
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <h1 className="text-3xl font-extrabold">Referral System &amp; Leaderboard</h1>
      <ReferralTabs held={held} />
      <p className="text-muted-foreground">
        Referrals with a fair-play signal earn nothing until you decide. Approving credits the referrer +10 and the friend +5;
        rejecting keeps them at zero. Each decision is kept in the referrer&apos;s audit trail.
      </p>
      {groups.length === 0 ? (
        <p className="rounded-xl border bg-card p-8 text-center text-muted-foreground">No referrals are waiting for review.</p>
      ) : (
        groups.map((group) => <ReferrerReview key={group.referrerId} group={group} />)
      )}
    </div>
  );
}
