import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { toast } from "~/components/ui/toast";
import type { Route } from "./+types/login";
import { BotGuardFields } from "~/components/bot-guard-fields";
import { FormField } from "~/components/form-field";
import { useBotGuard } from "~/components/use-bot-guard";
import { lazyFormSchema, useSchemaForm } from "~/components/use-schema-form";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { safeRedirectPath } from "~/lib/auth/redirects";
import { LOGIN_FAILED_MESSAGE, LOGIN_FORM_CONSTRAINTS } from "~/lib/auth/login-form";
import { LoginInputSchema } from "~/lib/auth/login.schema";
import { requestMagicLink } from "~/lib/auth/magic-link.server";
import { getSessionUser } from "~/lib/auth/session.server";
import { isAppError } from "~/lib/errors";
import { requestLanguage } from "~/lib/i18n/request-language.server";
import { readFormData } from "~/lib/http/form-data.server";
import { log } from "~/lib/log.server";
import { guardAgainstBots } from "~/lib/security/bot-guard.server";
import { siteNameFrom } from "~/lib/site-name";

export const handle = { chrome: "none" };

const loginFormSchema = lazyFormSchema(LOGIN_FORM_CONSTRAINTS, () => import("~/lib/auth/login.schema").then((module) => module.LoginInputSchema));

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteName = siteNameFrom(matches);
  return [{ title: `Crew Login | ${siteName}` }, { name: "description", content: `Sign in to ${siteName} with a link sent to your e-mail address.` }];
};

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const url = new URL(request.url);
  if (user) throw redirect(safeRedirectPath(url.searchParams.get("redirectTo"), "/dashboard"));
  return { linkFailed: url.searchParams.has("error") };
}

type ActionResult = { sent: true; email: string } | { sent: false; form?: SubmissionResult<string[]>; error?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: LoginInputSchema });
  if (submission.status !== "success") return data<ActionResult>({ sent: false, form: submission.reply() }, { status: 400 });
  const { altcha, website, ...login } = submission.value;
  try {
    await guardAgainstBots({ form: "sign-in", altcha, website, clientIp: context.clientIp });
    await requestMagicLink({ ...login, clientIp: context.clientIp, language: requestLanguage(request) });
    return data<ActionResult>({ sent: true, email: submission.value.email });
  } catch (error) {
    if (isAppError(error)) return data<ActionResult>({ sent: false, form: submission.reply(), error: error.userMessage }, { status: error.status });
    log.error("magic link request failed", { requestId: context.requestId, error });
    return data<ActionResult>({ sent: false, form: submission.reply() }, { status: 500 });
  }
}

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const { form, fields, onSubmit } = useSchemaForm({
    id: "login",
    schema: loginFormSchema,
    lastResult: result && !result.sent ? result.form : undefined,
    // Spec §5: an empty address is 'Email Required'; a malformed one shows inline.
    onInvalid: (message) => toast.error("Email Required", { description: message }),
  });
  const isSubmitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/login") === true;
  const botGuard = useBotGuard();
  // While the bot guard finishes its solve the field stays enabled: the held submit reads it.
  const isSending = isSubmitting || botGuard.isWaiting;

  useEffect(() => {
    if (!result) return;
    if (result.sent) toast.success("Magic Link Sent!", { description: "Check your email for the login link." });
    else if (result.form?.error?.email?.[0]) toast.error("Email Required", { description: result.form.error.email[0] });
    else toast.error("Login Failed", { description: result.error ?? LOGIN_FAILED_MESSAGE });
  }, [result]);

  useEffect(() => {
    if (loaderData.linkFailed) toast.error("Login Failed", { description: "This sign-in link is invalid, expired or already used." });
  }, [loaderData.linkFailed]);

  return (
    <main className="flex flex-1 items-center justify-center bg-gradient-to-b from-primary/25 to-background px-4 py-16">
      <div className="w-full max-w-md rounded-2xl border bg-card p-8 shadow-lg">
        <Link to="/" className="text-sm font-semibold text-secondary underline-offset-4 hover:underline">
          ← Back to Home
        </Link>
        <h1 className="mt-4 text-3xl font-extrabold">Crew Login</h1>
        <p className="mt-2 text-muted-foreground">
          Enter your e-mail and we'll send you a magic link. No password needed.
        </p>
        {loaderData.linkFailed && (
          <p role="alert" className="mt-4 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
            That sign-in link is invalid, has expired or was already used. Please request a new one.
          </p>
        )}
        {result?.sent ? (
          <div role="status" className="mt-6 rounded-md border bg-muted p-4">
            <p className="font-semibold">Check your inbox!</p>
            <p className="mt-1 text-sm text-muted-foreground">
              We sent a sign-in link to <strong>{result.email}</strong>. It works once and expires in 15 minutes.
            </p>
          </div>
        ) : (
          <Form
            method="post"
            id={form.id}
            {...botGuard.formHandlers(onSubmit)}
            noValidate={form.noValidate}
            aria-busy={isSending || undefined}
            className="relative mt-6 space-y-4"
          >
            <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
            <BotGuardFields isWidgetLoaded={botGuard.isWidgetLoaded} attachWidget={botGuard.attachWidget} solveOn="load" />
            <FormField field={fields.email} label="Email address">
              <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" placeholder="you@example.com" disabled={isSubmitting} />
            </FormField>
            {result && !result.sent && result.error && (
              <p role="alert" className="text-sm font-medium text-destructive">{result.error}</p>
            )}
            <Button type="submit" className="w-full" size="lg" disabled={isSubmitting}>
              {isSending ? "Sending magic link..." : "Send Magic Link"}
            </Button>
          </Form>
        )}
      </div>
    </main>
  );
}
