import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Trans, useLingui } from "@lingui/react";
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
import { isAppError } from "~/kernel/errors";
import { requestLanguage } from "~/lib/i18n/request-language.server";
import { userMessageIn } from "~/lib/i18n/error-messages.server";
import { readFormData } from "~/kernel/http/form-data.server";
import { getEnv } from "~/kernel/env.server";
import { log } from "~/kernel/log.server";
import { guardAgainstBots } from "~/lib/security/bot-guard.server";
import { siteNameFrom } from "~/lib/site-name";
import { pageTranslation } from "~/lib/i18n/catalogs.server";

export const handle = { chrome: "none" };

const loginFormSchema = lazyFormSchema(LOGIN_FORM_CONSTRAINTS, () => import("~/lib/auth/login.schema").then((module) => module.LoginInputSchema));

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const siteName = siteNameFrom(matches);
  return [{ title: `${data?.meta.title ?? ""} | ${siteName}` }, { name: "description", content: data?.meta.description ?? "" }];
};

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const url = new URL(request.url);
  if (user) throw redirect(safeRedirectPath(url.searchParams.get("redirectTo"), "/dashboard"));
  const { i18n, messages } = pageTranslation(request, "login");
  const meta = { title: i18n._("Crew Login"), description: i18n._("Sign in to {siteName} with a link sent to your e-mail address.", { siteName: getEnv().SITE_NAME }) };
  return { linkFailed: url.searchParams.has("error"), meta, messages };
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
    if (isAppError(error)) return data<ActionResult>({ sent: false, form: submission.reply(), error: userMessageIn(error, requestLanguage(request)) }, { status: error.status });
    log.error("magic link request failed", { requestId: context.requestId, error });
    return data<ActionResult>({ sent: false, form: submission.reply() }, { status: 500 });
  }
}

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { i18n } = useLingui();
  const [searchParams] = useSearchParams();
  const { form, fields, onSubmit } = useSchemaForm({
    id: "login",
    schema: loginFormSchema,
    lastResult: result && !result.sent ? result.form : undefined,
    // Spec §5: an empty address is 'Email Required'; a malformed one shows inline.
    onInvalid: (message) => toast.error(i18n._("Email Required"), { description: i18n._(message) }),
  });
  const isSubmitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/login") === true;
  const botGuard = useBotGuard();
  // While the bot guard finishes its solve the field stays enabled: the held submit reads it.
  const isSending = isSubmitting || botGuard.isWaiting;

  useEffect(() => {
    if (!result) return;
    if (result.sent) toast.success(i18n._("Magic Link Sent!"), { description: i18n._("Check your email for the login link.") });
    else if (result.form?.error?.email?.[0]) toast.error(i18n._("Email Required"), { description: i18n._(result.form.error.email[0]) });
    else toast.error(i18n._("Login Failed"), { description: i18n._(result.error ?? LOGIN_FAILED_MESSAGE) });
  }, [result, i18n]);

  useEffect(() => {
    if (loaderData.linkFailed) toast.error(i18n._("Login Failed"), { description: i18n._("This sign-in link is invalid, expired or already used.") });
  }, [loaderData.linkFailed, i18n]);

  return (
    <main className="flex flex-1 items-center justify-center bg-gradient-to-b from-primary/25 to-background px-4 py-16">
      <div className="w-full max-w-md rounded-2xl border bg-card p-8 shadow-lg">
        <Link to="/" className="text-sm font-semibold text-secondary underline-offset-4 hover:underline">
          ← {i18n._("Back to Home")}
        </Link>
        <h1 className="mt-4 text-3xl font-extrabold">{i18n._("Crew Login")}</h1>
        <p className="mt-2 text-muted-foreground">{i18n._("Enter your e-mail and we'll send you a magic link. No password needed.")}</p>
        {loaderData.linkFailed && (
          <p role="alert" className="mt-4 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
            {i18n._("That sign-in link is invalid, has expired or was already used. Please request a new one.")}
          </p>
        )}
        {result?.sent ? (
          <div role="status" className="mt-6 rounded-md border bg-muted p-4">
            <p className="font-semibold">{i18n._("Check your inbox!")}</p>
            <p className="mt-1 text-sm text-muted-foreground">
              <Trans
                id="We sent a sign-in link to <0>{email}</0>. It works once and expires in 15 minutes."
                values={{ email: result.email }}
                components={{ 0: <strong /> }}
              />
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
            <FormField field={fields.email} label={i18n._("Email address")}>
              <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" placeholder={i18n._("you@example.com")} disabled={isSubmitting} />
            </FormField>
            {result && !result.sent && result.error && (
              <p role="alert" className="text-sm font-medium text-destructive">{i18n._(result.error)}</p>
            )}
            <Button type="submit" className="w-full" size="lg" disabled={isSubmitting}>
              {isSending ? i18n._("Sending magic link...") : i18n._("Send Magic Link")}
            </Button>
          </Form>
        )}
      </div>
    </main>
  );
}
