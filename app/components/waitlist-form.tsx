import { Loader2, Rocket } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";
import { EMAIL_INVALID_MESSAGE, EMAIL_PATTERN, EMAIL_REQUIRED_MESSAGE } from "~/lib/waitlist/waitlist.schema";

export const SIGNUP_ERROR_MESSAGE =
  "There was an issue signing you up. Please try again or contact support if this persists.";

export type JoinActionData = { fieldError?: string; formError?: string; email?: string };

function browserLocale() {
  try {
    return { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, language: navigator.language };
  } catch {
    return { timeZone: "", language: "" };
  }
}

/**
 * The waitlist form (home, /join-waitlist, /start). A plain POST to /join-waitlist that
 * redirects to the thank-you page; with JavaScript it checks the address first and
 * shows the spec's toasts.
 */
export function WaitlistForm({
  serverResult,
  className,
  tone = "light",
}: {
  /** The action's answer when the page was rendered after a no-JavaScript post. */
  serverResult?: JoinActionData;
  className?: string;
  tone?: "light" | "dark";
}) {
  const fetcher = useFetcher<JoinActionData>({ key: "join-waitlist" });
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const input = useRef<HTMLInputElement>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const [locale, setLocale] = useState({ timeZone: "", language: "" });
  const result = fetcher.data ?? serverResult;
  const isSubmitting = fetcher.state !== "idle";
  const error = clientError ?? result?.fieldError ?? result?.formError ?? null;

  useEffect(() => setLocale(browserLocale()), []);

  useEffect(() => {
    if (!fetcher.data) return;
    if (fetcher.data.fieldError) toast.error("Invalid Email", { description: fetcher.data.fieldError });
    else if (fetcher.data.formError === SIGNUP_ERROR_MESSAGE)
      toast.error("Signup Error", { description: "Could not add user. Please try again." });
    else if (fetcher.data.formError) toast.error("Signup Error", { description: fetcher.data.formError });
  }, [fetcher.data]);

  function validate(event: React.FormEvent<HTMLFormElement>) {
    const email = input.current?.value.trim() ?? "";
    const problem = !email ? EMAIL_REQUIRED_MESSAGE : EMAIL_PATTERN.test(email) ? null : EMAIL_INVALID_MESSAGE;
    setClientError(problem);
    if (!problem) return;
    event.preventDefault();
    if (!email) toast.error("Error", { description: "Please enter your email address." });
    else toast.error("Invalid Email", { description: EMAIL_INVALID_MESSAGE });
    input.current?.focus();
  }

  return (
    <fetcher.Form method="post" action="/join-waitlist" noValidate onSubmit={validate} className={cn("w-full", className)}>
      <input type="hidden" name="timeZone" value={locale.timeZone} />
      <input type="hidden" name="language" value={locale.language} />
      <fieldset disabled={isSubmitting} className="flex flex-col gap-2">
        <Label htmlFor={inputId} className={cn(tone === "dark" && "text-white")}>
          Your e-mail address
        </Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            ref={input}
            id={inputId}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            defaultValue={result?.email}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={() => setClientError(null)}
            className="h-12 flex-1 bg-white text-base text-foreground"
          />
          <Button type="submit" size="lg" className="h-12 font-bold">
            {isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Rocket aria-hidden="true" />}
            {isSubmitting ? "Submitting..." : "Join the Crew"}
          </Button>
        </div>
        {error && (
          <p id={errorId} role="alert" className={cn("text-sm font-semibold", tone === "dark" ? "text-red-200" : "text-destructive")}>
            {error}
          </p>
        )}
      </fieldset>
    </fetcher.Form>
  );
}
