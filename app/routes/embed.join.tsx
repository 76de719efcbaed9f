import { Form, data, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/embed.join";
import { BotGuardFields } from "~/components/bot-guard-fields";
import { BirthMonthFields } from "~/components/birth-month-fields";
import { joinFormQuestion } from "~/lib/consent/join-question.server";
import { isParentFirst } from "~/lib/consent/join-question";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useBotGuard } from "~/components/use-bot-guard";
import { getEmbedConfig } from "~/lib/embed/embed-config.server";
import { answerEmbedJoin, type EmbedJoinAnswer } from "~/lib/embed/embed-join.server";
import { readFormData } from "~/kernel/http/form-data.server";
import { isReferralCodeShape } from "~/lib/referrals/referral-code";
import { requestLanguage } from "~/lib/i18n/request-language.server";

// The join form for websites that allow iframes but not scripts. It is framed only by the
// websites in Site Settings (frame-ancestors, server/security-headers.ts) and keeps no
// cookies: the answer shows on this page.
export const handle = { chrome: "none", isEmbedded: true };

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: `Join the ${loaderData?.config.siteName ?? ""} waitlist` },
  { name: "description", content: "Join the waitlist: news, monthly giveaways and a shot at early access." },
];

export async function loader({ request }: Route.LoaderArgs) {
  const ref = new URL(request.url).searchParams.get("ref") ?? "";
  const language = requestLanguage(request);
  return {
    config: await getEmbedConfig(language),
    referralCode: isReferralCodeShape(ref) ? ref : "",
    // The age question's months and countries in the page's language, the country starting at the browser's region (ADR 0063).
    ageQuestion: await joinFormQuestion(request.headers.get("Accept-Language"), language),
  };
}

type EmbedAnswer = EmbedJoinAnswer["body"];

export async function action({ request, context }: Route.ActionArgs) {
  const answer = await answerEmbedJoin(Object.fromEntries(await readFormData(request)), {
    clientIp: context.clientIp,
    userAgent: request.headers.get("User-Agent"),
    siteLanguage: requestLanguage(request),
    requestId: context.requestId,
  });
  return data<EmbedAnswer>(answer.body, { status: answer.status, headers: answer.headers });
}

export default function EmbedJoin({ loaderData }: Route.ComponentProps) {
  const { config, referralCode, ageQuestion } = loaderData;
  const answer = useActionData<EmbedAnswer>();
  const isSending = useNavigation().state === "submitting";
  const botGuard = useBotGuard();
  if (answer && "status" in answer && answer.status === "parent_asked") {
    return (
      <main className="p-4" role="status">
        <h1 className="text-2xl font-extrabold">{config.parentAskedTitle}</h1>
        <p className="mt-2">{config.parentAskedText}</p>
      </main>
    );
  }
  if (answer && "status" in answer && answer.status === "ask_parent") {
    return (
      <main className="p-4" role="status">
        <h1 className="text-2xl font-extrabold">{config.askParentTitle}</h1>
        <p className="mt-2">
          {config.askParentText}{" "}
          <a href={answer.parentUrl} target="_blank" rel="noopener" className="font-semibold underline">{config.askParentLink}</a>
        </p>
      </main>
    );
  }
  if (answer && "status" in answer) {
    return (
      <main className="p-4" role="status">
        <h1 className="text-2xl font-extrabold">{answer.status === "joined" ? config.joinedTitle : config.emailedTitle}</h1>
        <p className="mt-2">
          {answer.status === "joined" ? (
            <>
              {config.joinedText}{" "}
              <a href={answer.referralLink} target="_blank" rel="noopener" className="break-all font-semibold underline">{answer.referralLink}</a>
            </>
          ) : (
            config.emailedText
          )}
        </p>
      </main>
    );
  }
  const error = answer && "error" in answer ? answer.error : undefined;
  return (
    <main className="p-4">
      <h1 className="text-2xl font-extrabold">{config.heading}</h1>
      <Form method="post" className="relative mt-3 space-y-2" {...botGuard.formHandlers(() => undefined)} aria-busy={isSending || botGuard.isWaiting || undefined}>
        <input type="hidden" name="referralCode" value={referralCode} />
        <BotGuardFields isWidgetLoaded={botGuard.isWidgetLoaded} attachWidget={botGuard.attachWidget} solveOn="load" />
        {isParentFirst(ageQuestion) && <p id="embed-parent-first" className="text-sm text-muted-foreground">{ageQuestion.parentFirst.text}</p>}
        <Label htmlFor="embed-email">{config.emailLabel}</Label>
        <Input
          id="embed-email"
          name="email"
          type="email"
          autoComplete={isParentFirst(ageQuestion) ? "off" : "email"}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={[isParentFirst(ageQuestion) && "embed-parent-first", error && "embed-error"].filter(Boolean).join(" ") || undefined}
          tall
        />
        {!isParentFirst(ageQuestion) && (
          <BirthMonthFields
            month={{ id: "embed-birth-month", name: "birthMonth", errorId: "embed-birth-error" }}
            year={{ id: "embed-birth-year", name: "birthYear", errorId: "embed-birth-error" }}
            country={{ id: "embed-country", name: "country", errorId: "embed-birth-error" }}
            choices={ageQuestion}
          />
        )}
        <Button type="submit" size="lg" className="w-full" disabled={isSending}>
          {isSending || botGuard.isWaiting ? config.submitting : config.button}
        </Button>
        {error && (
          <p id="embed-error" role="alert" className="text-sm font-semibold text-destructive">{error}</p>
        )}
      </Form>
    </main>
  );
}
