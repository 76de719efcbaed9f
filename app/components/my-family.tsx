import { useLingui } from "@lingui/react";
import { ShieldCheck, Trash2, UserPlus } from "lucide-react";
import { Form } from "react-router";
import { BirthMonthFields } from "~/components/birth-month-fields";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import type { AgeQuestionChoices } from "~/lib/consent/consent-age-by-country";
import type { FamilyChild } from "~/lib/family/family.server";
import { passText, placeText } from "~/lib/leaderboard/place-text";

/** What the last post to "My family" did, for the card it concerns. */
export type FamilyAnswer = { savedChildId?: string; error?: { childId: string | null; text: string }; added?: boolean };

/**
 * "My family" (ADR 0067): a card per child a parent approved on this address — the crew
 * name, the child's own referral link, points and place, and the parent's two choices for
 * them, each off until the parent says yes (ADR 0065) — and "Add another child". Plain form
 * posts: no JavaScript needed.
 */
export function MyFamily({ family, choices, answer }: { family: FamilyChild[]; choices: AgeQuestionChoices; answer: FamilyAnswer | undefined }) {
  const { i18n } = useLingui();
  return (
    <section className="sm:col-span-2 space-y-4" id="my-family" aria-labelledby="my-family-title">
      <div>
        <h2 id="my-family-title" className="text-2xl font-extrabold">{i18n._("My family")}</h2>
        <p className="text-sm text-muted-foreground">{i18n._("The young fans you said yes to. These choices are yours, and you can change them at any time.")}</p>
      </div>
      {family.map((child, index) => (
        <ChildCard key={child.id} child={child} index={index} answer={answer} />
      ))}
      <AddChildCard choices={choices} answer={answer} />
    </section>
  );
}

function ChildCard({ child, index, answer }: { child: FamilyChild; index: number; answer: FamilyAnswer | undefined }) {
  const { i18n } = useLingui();
  const { crewName } = child;
  const id = (name: string) => `${name}-${index}`;
  const error = answer?.error?.childId === child.id ? answer.error.text : null;
  return (
    <Card data-testid="family-child">
      <CardHeader>
        <CardTitle as="h3" data-testid="family-crew-name">{crewName}</CardTitle>
        <CardDescription>
          <span data-testid="family-points">{i18n._("{points, plural, one {# point} other {# points}}", { points: child.points })}</span>
          {child.place && <> · {placeText(child.place, i18n)} · {passText(child.place, i18n)}</>}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <div className="space-y-1">
          <label htmlFor={id("child-link")} className="font-semibold">{i18n._("{crewName}'s referral link", { crewName })}</label>
          <Input id={id("child-link")} readOnly value={child.link} className="font-mono" data-testid="family-link" />
        </div>
        <Form method="post" replace preventScrollReset className="space-y-4">
          <input type="hidden" name="intent" value="child-choices" />
          <input type="hidden" name="memberId" value={child.id} />
          <div className="flex items-start gap-3">
            <input type="checkbox" id={id("show-on-leaderboard")} name="showOnLeaderboard" value="on" defaultChecked={child.choices.showOnLeaderboard} aria-describedby={id("show-on-leaderboard-help")} className="mt-1 size-4" />
            <div>
              <label htmlFor={id("show-on-leaderboard")} className="font-semibold">{i18n._("Show {crewName} on the public leaderboard", { crewName })}</label>
              <p id={id("show-on-leaderboard-help")} className="text-muted-foreground">
                {i18n._("Off: {crewName} is on no public list, card or page, and still earns points and keeps a place that only you see here.", { crewName })}
              </p>
            </div>
          </div>
          <div className="flex items-start gap-3">
            <input type="checkbox" id={id("share-with-partners")} name="shareWithPartners" value="on" defaultChecked={child.choices.shareWithPartners} aria-describedby={id("share-with-partners-help")} className="mt-1 size-4" />
            <div>
              <label htmlFor={id("share-with-partners")} className="font-semibold">{i18n._("Share with the studio's partners")}</label>
              <p id={id("share-with-partners-help")} className="text-muted-foreground">
                {i18n._("On: the services the studio connects to this site (such as its mailing or shop tools) may receive {crewName}'s crew name, points and this e-mail address. Off: they receive nothing of {crewName}. Joining never depends on it.", { crewName })}
              </p>
            </div>
          </div>
          <Button type="submit" variant="outline"><ShieldCheck aria-hidden="true" /> {i18n._("Save my choices")}</Button>
          {answer?.savedChildId === child.id && <p role="status" className="font-semibold" data-testid="child-choices-saved">{i18n._("Your choices are saved.")}</p>}
        </Form>
        <Form method="post" replace preventScrollReset>
          <input type="hidden" name="intent" value="remove-child" />
          <input type="hidden" name="memberId" value={child.id} />
          <Button type="submit" variant="ghost" className="text-destructive"><Trash2 aria-hidden="true" /> {i18n._("Remove {crewName} from my family", { crewName })}</Button>
          <p className="text-muted-foreground">{i18n._("This withdraws your consent and deletes {crewName}'s membership, points and referral link. Nothing else of your family changes.", { crewName })}</p>
        </Form>
        {error && <p role="alert" className="font-semibold text-destructive">{i18n._(error)}</p>}
      </CardContent>
    </Card>
  );
}

function AddChildCard({ choices, answer }: { choices: AgeQuestionChoices; answer: FamilyAnswer | undefined }) {
  const { i18n } = useLingui();
  const error = answer?.error && answer.error.childId === null ? answer.error.text : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="flex items-center gap-2"><UserPlus className="size-5" aria-hidden="true" /> {i18n._("Add another child")}</CardTitle>
        <CardDescription>{i18n._("Your child gets a crew name, a referral link and points of their own. We keep only their age band and country, never the date.")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" replace preventScrollReset className="space-y-4">
          <input type="hidden" name="intent" value="add-child" />
          <BirthMonthFields
            legend={i18n._("When was your child born?")}
            month={{ id: "child-birth-month", name: "birthMonth", errorId: "child-birth-error" }}
            year={{ id: "child-birth-year", name: "birthYear", errorId: "child-birth-error" }}
            country={{ id: "child-country", name: "country", errorId: "child-birth-error" }}
            choices={choices}
          />
          <fieldset className="space-y-2 text-sm">
            <legend className="font-semibold">{i18n._("Show on the public leaderboard")}</legend>
            <label className="mr-6 inline-flex items-center"><input type="radio" name="showOnLeaderboard" value="yes" required className="mr-2" />{i18n._("Yes")}</label>
            <label className="inline-flex items-center"><input type="radio" name="showOnLeaderboard" value="no" required className="mr-2" />{i18n._("No")}</label>
          </fieldset>
          <Button type="submit"><UserPlus aria-hidden="true" /> {i18n._("Add to my family")}</Button>
          {answer?.added && <p role="status" className="font-semibold" data-testid="child-added">{i18n._("Added: your child is in the crew.")}</p>}
          {error && <p role="alert" className="font-semibold text-destructive" data-testid="add-child-error">{i18n._(error)}</p>}
        </Form>
      </CardContent>
    </Card>
  );
}
