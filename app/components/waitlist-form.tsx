import { getInputProps } from "@conform-to/react";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { Loader2, Rocket } from "lucide-react";
import { useEffect, useEffectEvent, useId, useSyncExternalStore } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toast";
import { BotGuardFields } from "~/components/bot-guard-fields";
import { useBotGuard } from "~/components/use-bot-guard";
import { lazyFormSchema, useSchemaForm } from "~/components/use-schema-form";
import { BirthMonthFields } from "~/components/birth-month-fields";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";
import { EMAIL_MISSING_MESSAGE, EMAIL_REQUIRED_MESSAGE } from "~/lib/email/email-messages";
import { BIRTH_DATE_IMPOSSIBLE, BIRTH_DATE_MESSAGE } from "~/lib/consent/age-messages";
import type { JoinQuestion } from "~/lib/consent/join-question";
import type { AgeQuestionChoices } from "~/lib/consent/consent-age-by-country";
import { JOIN_FORM_CONSTRAINTS, SIGNUP_ERROR_MESSAGE, type JoinActionData } from "~/lib/waitlist/join-form";

const joinFormSchema = lazyFormSchema(JOIN_FORM_CONSTRAINTS, () => import("~/lib/waitlist/waitlist.schema").then((module) => module.JoinFormSchema));
// "Children first" (ADR 0066): the address alone. The join form's constraints serve it too: the
// age fields they also describe are not rendered.
const parentFirstFormSchema = lazyFormSchema(JOIN_FORM_CONSTRAINTS, () => import("~/lib/waitlist/waitlist.schema").then((module) => module.JoinInputSchema));

const noSubscription = () => () => {};
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone ?? "";
const browserLanguage = () => navigator.language ?? "";

/** Spec §5 toasts: an empty address is 'Error', a malformed one 'Invalid Email'. */
function showInvalidEmailToast(message: string, i18n: I18n) {
  if (message === BIRTH_DATE_MESSAGE || message === BIRTH_DATE_IMPOSSIBLE) toast.error(i18n._("Error"), { description: i18n._(message) });
  else if (message === EMAIL_REQUIRED_MESSAGE) toast.error(i18n._("Error"), { description: i18n._(EMAIL_MISSING_MESSAGE) });
  else toast.error(i18n._("Invalid Email"), { description: i18n._(message) });
}

/**
 * The waitlist form (home, /join-waitlist, /start). A plain POST to /join-waitlist that
 * redirects to the thank-you page; with JavaScript the join schema checks the address
 * first (the action parses with the same schema) and the spec's toasts show.
 */
export function WaitlistForm({
  serverResult,
  question,
  className,
  tone = "light",
}: {
  /**
   * The age question's months and countries by name, and where the country starts (ADR 0063),
   * or, when the site runs "children first" (ADR 0066), the words saying the address is a
   * parent's or guardian's: from the page's loader, in the page's language.
   */
  question: JoinQuestion;
  /** The action's answer when the page was rendered after a no-JavaScript post. */
  serverResult?: JoinActionData;
  className?: string;
  tone?: "light" | "dark";
}) {
  const { i18n } = useLingui();
  const parentFirst = "parentFirst" in question ? question.parentFirst : null;
  const fetcher = useFetcher<JoinActionData>({ key: "join-waitlist" });
  const result = fetcher.data ?? serverResult;
  const isSending = fetcher.state !== "idle";
  const botGuard = useBotGuard();
  // While the bot guard finishes its solve the fields stay enabled: the held submit reads them.
  const isSubmitting = isSending || botGuard.isWaiting;
  const { form, fields, onSubmit } = useSchemaForm({
    id: `join-${useId()}`,
    // One form, two schemas: without the age question its fields are simply never rendered.
    schema: parentFirst ? (parentFirstFormSchema as unknown as typeof joinFormSchema) : joinFormSchema,
    lastResult: fetcher.state === "idle" ? result?.form : undefined,
    onInvalid: (message) => showInvalidEmailToast(message, i18n),
  });
  // Coarse location hints for the reports, read from the browser after hydration.
  const timeZone = useSyncExternalStore(noSubscription, browserTimeZone, () => "");
  const language = useSyncExternalStore(noSubscription, browserLanguage, () => "");
  const error = fields.email.errors?.[0] ?? result?.formError;

  // Once per answer: the page's translator is new after a navigation, the answer is not.
  const showAnswer = useEffectEvent((data: JoinActionData) => {
    const emailError = data.form?.error?.email?.[0] ?? data.form?.error?.birthMonth?.[0] ?? data.form?.error?.birthYear?.[0];
    if (emailError) showInvalidEmailToast(emailError, i18n);
    else if (data.formError === SIGNUP_ERROR_MESSAGE) toast.error(i18n._("Signup Error"), { description: i18n._("Could not add user. Please try again.") });
    else if (data.formError) toast.error(i18n._("Signup Error"), { description: i18n._(data.formError) });
  });
  useEffect(() => {
    if (fetcher.data) showAnswer(fetcher.data);
  }, [fetcher.data]);

  return (
    <fetcher.Form
      method="post"
      action="/join-waitlist"
      id={form.id}
      {...botGuard.formHandlers(onSubmit)}
      noValidate={form.noValidate}
      aria-busy={isSubmitting || undefined}
      className={cn("relative w-full", className)}
    >
      <input type="hidden" name="timeZone" value={timeZone} />
      <input type="hidden" name="language" value={language} />
      <BotGuardFields isWidgetLoaded={botGuard.isWidgetLoaded} attachWidget={botGuard.attachWidget} solveOn="focus" />
      <fieldset disabled={isSending} className="flex flex-col gap-3">
        {parentFirst ? (
          <p className={cn("text-sm", tone === "dark" && "text-white")}>{parentFirst.text}</p>
        ) : (
          <BirthMonthFields month={fields.birthMonth} year={fields.birthYear} country={fields.country} choices={question as AgeQuestionChoices} tone={tone} />
        )}
        <div className="flex flex-col gap-2">
        <Label htmlFor={fields.email.id} className={cn(tone === "dark" && "text-white")}>
          {parentFirst?.label ?? i18n._("Your e-mail address")}
        </Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            {...getInputProps(fields.email, { type: "email" })}
            aria-describedby={error ? fields.email.errorId : undefined}
            aria-invalid={error ? true : undefined}
            autoComplete="email"
            inputMode="email"
            placeholder={i18n._("you@example.com")}
            tall
            className="flex-1 text-foreground"
          />
          <Button type="submit" size="lg">
            {isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Rocket aria-hidden="true" />}
            {isSubmitting ? i18n._("Submitting...") : i18n._("Join the Crew")}
          </Button>
        </div>
        {error && (
          <p id={fields.email.errorId} role="alert" className={cn("text-sm font-semibold", tone === "dark" ? "text-red-200" : "text-destructive")}>
            {i18n._(error)}
          </p>
        )}
        </div>
      </fieldset>
    </fetcher.Form>
  );
}
