import { Trans, useLingui } from "@lingui/react";
import { CheckCircle2, ShieldCheck, XCircle } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/parent-consent.answer";
import { NoticePage } from "~/components/notice-page";
import { Button } from "~/components/ui/button";
import { answerConsentRequest, CONSENT_DECISIONS, findPendingConsent } from "~/lib/consent/consent-requests.server";
import { FAMILY_CHILDREN_LIMIT, NOT_MY_CHILD_DAYS } from "~/lib/consent/consent-rules";
import { readFormData } from "~/kernel/http/form-data.server";
import { pageTranslation } from "~/lib/i18n/catalogs.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.meta.title ?? "" },
  { name: "description", content: data?.meta.description ?? "" },
  { name: "robots", content: "noindex" },
];

// The page the parent's notice links to (ADR 0041). Opening it changes nothing (mail
// scanners open links); the answer is a post, single-use, without cookies or JavaScript.
export async function loader({ request }: Route.LoaderArgs) {
  const { language, i18n, messages } = pageTranslation(request, "parent-answer");
  const meta = { title: i18n._("A parent's answer"), description: i18n._("Say yes or no to your child joining the crew.") };
  const token = new URL(request.url).searchParams.get("token") ?? "";
  // The notice in the page's language, so the page reads in one language.
  const pending = await findPendingConsent(token, language);
  return pending ? { token, noticeLines: pending.noticeLines, meta, messages } : data({ token: null, noticeLines: [], meta, messages }, { status: 404 });
}

// The answer spends the link: reading it again after the post would only answer 404.
export const shouldRevalidate = () => false;

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  const decision = form.get("decision");
  const known = CONSENT_DECISIONS.find((name) => name === decision);
  if (!known) return data({ outcome: "invalid" as const }, { status: 400 });
  // A yes needs the parent's own answer to the leaderboard question: neither is assumed (ADR 0065).
  const leaderboard = form.get("showOnLeaderboard");
  if (known === "approve" && leaderboard !== "yes" && leaderboard !== "no") return data({ outcome: "choose_leaderboard" as const }, { status: 400 });
  const answer = await answerConsentRequest(form.get("token"), known, { showOnLeaderboard: leaderboard === "yes" });
  if (answer.outcome === "approved") return { outcome: answer.outcome };
  return data({ outcome: answer.outcome }, { status: answer.outcome === "unknown" ? 404 : answer.outcome === "family_full" ? 409 : 200 });
}

export default function ParentConsentAnswer({ loaderData, actionData }: Route.ComponentProps) {
  const isSending = useNavigation().state === "submitting";
  const { i18n } = useLingui();
  switch (actionData?.outcome) {
    case "approved":
      return (
        <NoticePage
          icon={CheckCircle2}
          iconClassName="text-green-700"
          title={i18n._("Thank you: your child is in the crew!")}
          message={i18n._(
            "We've e-mailed you their crew link to share, and we'll send a short confirmation tomorrow. Every e-mail we send you has a link to withdraw your consent.",
          )}
        />
      );
    case "declined":
      return <NoticePage icon={ShieldCheck} title={i18n._("Thanks: nothing was kept")} message={i18n._("We've deleted the request and your e-mail address.")} />;
    case "not_my_child":
      return (
        <NoticePage
          icon={ShieldCheck}
          title={i18n._("Thanks for telling us")}
          message={i18n._(
            "We've deleted the request and your e-mail address. For {days} days we send no request to your address; to recognise it, we keep only a scrambled code made from it, not the address itself.",
            { days: NOT_MY_CHILD_DAYS },
          )}
        />
      );
    case "family_full":
      return (
        <NoticePage
          icon={XCircle}
          iconClassName="text-destructive"
          title={i18n._("Your family is full")}
          message={i18n._("A family can have up to {limit} young fans on one address, so we've deleted this request. Sign in to see your family.", { limit: FAMILY_CHILDREN_LIMIT })}
          action={{ to: "/login", label: i18n._("Crew Login") }}
        />
      );
    case "unknown":
    case "invalid":
      break;
    default:
      if (loaderData.token) {
        return <AnswerForm token={loaderData.token} noticeLines={loaderData.noticeLines} isSending={isSending} mustChoose={actionData?.outcome === "choose_leaderboard"} />;
      }
  }
  return (
    <NoticePage
      icon={XCircle}
      iconClassName="text-destructive"
      title={i18n._("This link doesn't work any more")}
      message={i18n._("It was already answered, or the request ran out and was deleted with your address.")}
    />
  );
}

function AnswerForm({ token, noticeLines, isSending, mustChoose }: { token: string; noticeLines: string[]; isSending: boolean; mustChoose: boolean }) {
  const { i18n } = useLingui();
  const choiceClassName = "rounded-md border-2 border-input px-4 py-2 font-semibold has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring";
  return (
    <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-4 px-4 py-16">
      <h1 className="text-4xl font-extrabold">{i18n._("May your child join the crew?")}</h1>
      {noticeLines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p>{i18n._("Don't know this child? Choose \"This is not my child\": we delete the request and send no other request to your address for {days} days.", { days: NOT_MY_CHILD_DAYS })}</p>
      <p>
        <Trans id="The <0>privacy policy</0> says the same in full." components={{ 0: <Link to="/privacy" className="font-semibold underline" /> }} />
      </p>
      <Form method="post" className="mt-2 flex flex-col gap-3 sm:flex-row sm:flex-wrap" aria-busy={isSending || undefined}>
        <input type="hidden" name="token" value={token} />
        <fieldset className="w-full space-y-2" aria-describedby={mustChoose ? "leaderboard-choice-error" : "leaderboard-choice-help"}>
          <legend className="font-bold">{i18n._("Show on the public leaderboard")}</legend>
          <p id="leaderboard-choice-help" className="text-sm text-muted-foreground">
            {i18n._("Yes: your child's crew name and points appear on the public leaderboard and their invite card. No: they appear on no public page, and still earn points and a place that you see on their dashboard. You can change this later.")}
          </p>
          <div className="flex gap-3">
            <label className={choiceClassName}>
              <input type="radio" name="showOnLeaderboard" value="yes" required className="mr-2" />
              {i18n._("Yes")}
            </label>
            <label className={choiceClassName}>
              <input type="radio" name="showOnLeaderboard" value="no" required className="mr-2" />
              {i18n._("No")}
            </label>
          </div>
          {mustChoose && (
            <p id="leaderboard-choice-error" role="alert" className="text-sm font-semibold text-destructive">
              {i18n._("Please choose Yes or No for the public leaderboard before saying yes.")}
            </p>
          )}
        </fieldset>
        <Button type="submit" name="decision" value="approve" size="lg" disabled={isSending}>
          {i18n._("Yes, they may join")}
        </Button>
        <Button type="submit" name="decision" value="decline" size="lg" variant="outline" disabled={isSending} formNoValidate>
          {i18n._("No, delete this request")}
        </Button>
        <Button type="submit" name="decision" value="not_my_child" size="lg" variant="outline" disabled={isSending} formNoValidate>
          {i18n._("This is not my child")}
        </Button>
      </Form>
    </main>
  );
}
