import { getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Clock, Handshake, Mail, Newspaper, Send } from "lucide-react";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useEffect } from "react";
import { data, useFetcher } from "react-router";
import { toast } from "~/components/ui/toast";
import type { Route } from "./+types/contact";
import { FormField } from "~/components/form-field";
import { lazyFormSchema, useSchemaForm } from "~/components/use-schema-form";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { CONTACT_FORM_CONSTRAINTS } from "~/lib/email/contact-form";
import { ContactInputSchema, type ContactField } from "~/lib/email/contact.schema";
import { deliverContactMessage } from "~/lib/email/contact.server";
import { getEnv } from "~/kernel/env.server";
import { isAppError } from "~/kernel/errors";
import { readFormData } from "~/kernel/http/form-data.server";
import { pageTranslation } from "~/lib/i18n/catalogs.server";
import { log } from "~/kernel/log.server";
import { siteNameFrom } from "~/lib/site-name";

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const siteName = siteNameFrom(matches);
  return [{ title: `${data?.meta.title ?? ""} | ${siteName}` }, { name: "description", content: data?.meta.description ?? "" }];
};

export async function loader({ request }: Route.LoaderArgs) {
  const { i18n, messages } = pageTranslation(request, "contact");
  const [, domain = "vistacrew.example"] = getEnv().CONTACT_EMAIL.split("@");
  const meta = {
    title: i18n._("Contact Us"),
    description: i18n._("Questions about {siteName}, the waitlist or a prize? Write to the crew support team.", { siteName: getEnv().SITE_NAME }),
  };
  return {
    contacts: [
      { icon: "mail", label: i18n._("General Inquiry"), email: getEnv().CONTACT_EMAIL },
      { icon: "partners", label: i18n._("Partnership & Collaboration"), email: `partners@${domain}` },
      { icon: "press", label: i18n._("Press & Media"), email: `press@${domain}` },
    ] as const,
    meta,
    messages,
  };
}

/** The answer when sending fails for a reason of ours: English text, its own id (shown through i18n._). */
const SEND_FAILED = /*i18n*/ "We couldn't send your message. Please try again.";

type ContactResult = { sent: boolean; form?: SubmissionResult<string[]>; error?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: ContactInputSchema });
  if (submission.status !== "success") return data<ContactResult>({ sent: false, form: submission.reply() }, { status: 400 });
  try {
    await deliverContactMessage(submission.value, context.clientIp);
    return data<ContactResult>({ sent: true, form: submission.reply({ resetForm: true }) });
  } catch (error) {
    if (isAppError(error)) return data<ContactResult>({ sent: false, form: submission.reply(), error: error.userMessage }, { status: error.status });
    log.error("contact message failed", { requestId: context.requestId, error });
    return data<ContactResult>({ sent: false, form: submission.reply(), error: SEND_FAILED }, { status: 500 });
  }
}

const contactFormSchema = lazyFormSchema(CONTACT_FORM_CONSTRAINTS, () => import("~/lib/email/contact.schema").then((module) => module.ContactInputSchema));

const SENT = (i18n: I18n) => ({ title: i18n._("Message Sent!"), description: i18n._("Thanks for reaching out. We'll get back to you soon.") });

const ICONS = { mail: Mail, partners: Handshake, press: Newspaper };
const FIELDS = (i18n: I18n): { name: Exclude<ContactField, "message">; label: string; type?: "email" | "text"; autoComplete?: string }[] => [
  { name: "name", label: i18n._("Your name"), autoComplete: "name" },
  { name: "email", label: i18n._("Your e-mail"), type: "email", autoComplete: "email" },
  { name: "subject", label: i18n._("Subject") },
];

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const result = fetcher.data ?? actionData;
  const isSending = fetcher.state !== "idle";
  const { i18n } = useLingui();
  const sent = SENT(i18n);
  const { form, fields, onSubmit } = useSchemaForm({
    id: "contact",
    schema: contactFormSchema,
    lastResult: fetcher.state === "idle" ? result?.form : undefined,
    onInvalid: () => {
      const firstInvalid = Object.values(fields).find((field) => !field.valid);
      if (firstInvalid) document.getElementById(firstInvalid.id)?.focus();
    },
  });

  useEffect(() => {
    if (!fetcher.data) return;
    if (fetcher.data.sent) toast.success(sent.title, { description: sent.description });
    else if (fetcher.data.error) toast.error(i18n._("Message Not Sent"), { description: i18n._(fetcher.data.error) });
  }, [fetcher.data, sent.title, sent.description, i18n]);

  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-12">
      <div className="text-center">
        <h1 className="text-4xl font-extrabold">{i18n._("Contact Us")}</h1>
        <p className="mt-2 text-lg text-muted-foreground">{i18n._("Questions, ideas or fan art to share? We'd love to hear from you.")}</p>
      </div>
      <div className="mt-10 grid gap-8 lg:grid-cols-[2fr_1fr]">
        <Card>
          <CardHeader>
            <CardTitle as="h2">{i18n._("Send us a message")}</CardTitle>
          </CardHeader>
          <CardContent>
            <fetcher.Form method="post" id={form.id} onSubmit={onSubmit} noValidate={form.noValidate}>
              <fieldset disabled={isSending} className="grid gap-4">
                {FIELDS(i18n).map(({ name, label, type, autoComplete }) => (
                  <FormField key={name} field={fields[name]} label={label}>
                    <Input {...getInputProps(fields[name], { type: type ?? "text" })} autoComplete={autoComplete} />
                  </FormField>
                ))}
                <FormField field={fields.message} label={i18n._("Message")}>
                  <Textarea {...getTextareaProps(fields.message)} rows={6} />
                </FormField>
                {result?.error && <p role="alert" className="text-sm font-semibold text-destructive">{i18n._(result.error)}</p>}
                {/* Sent without JavaScript (or before the scripts ran): the page itself confirms, as the toast would. */}
                {actionData?.sent && (
                  <p role="status" className="text-sm font-semibold">
                    {sent.title} {sent.description}
                  </p>
                )}
                <Button type="submit" size="lg" className="w-fit">
                  <Send aria-hidden="true" /> {isSending ? i18n._("Sending...") : i18n._("Send Message")}
                </Button>
              </fieldset>
            </fetcher.Form>
          </CardContent>
        </Card>
        <aside className="flex flex-col gap-4">
          {loaderData.contacts.map((contact) => {
            const Icon = ICONS[contact.icon];
            return (
              <Card key={contact.label} compact>
                <CardContent className="flex items-start gap-3">
                  <Icon className="mt-0.5 size-5 text-secondary" aria-hidden="true" />
                  <div>
                    <h2 className="font-bold">{contact.label}</h2>
                    <a href={`mailto:${contact.email}`} className="text-secondary underline-offset-2 hover:underline">{contact.email}</a>
                  </div>
                </CardContent>
              </Card>
            );
          })}
          <Card compact>
            <CardContent className="flex items-start gap-3">
              <Clock className="mt-0.5 size-5 text-secondary" aria-hidden="true" />
              <div>
                <h2 className="font-bold">{i18n._("Office Hours")}</h2>
                <p className="text-muted-foreground">{i18n._("Monday-Friday, 9:00 AM - 5:00 PM PST")}</p>
              </div>
            </CardContent>
          </Card>
        </aside>
      </div>
    </main>
  );
}
