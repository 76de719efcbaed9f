import { Clock, Handshake, Mail, Newspaper, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, useFetcher } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/contact";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { ContactInputSchema, type ContactField } from "~/lib/email/contact.schema";
import { deliverContactMessage } from "~/lib/email/contact.server";
import { getEnv } from "~/lib/env.server";
import { isAppError } from "~/lib/errors";
import { log } from "~/lib/log.server";
import { siteNameFrom } from "~/lib/site-name";

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteName = siteNameFrom(matches);
  return [{ title: `Contact Us | ${siteName}` }];
};

export async function loader() {
  const [, domain = "vistacrew.example"] = getEnv().CONTACT_EMAIL.split("@");
  return {
    contacts: [
      { icon: "mail", label: "General Inquiry", email: getEnv().CONTACT_EMAIL },
      { icon: "partners", label: "Partnership & Collaboration", email: `partners@${domain}` },
      { icon: "press", label: "Press & Media", email: `press@${domain}` },
    ] as const,
  };
}

type ContactResult = { sent: true } | { sent: false; fieldErrors?: Partial<Record<ContactField, string>>; error?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = ContactInputSchema.safeParse({
    name: form.get("name") ?? "",
    email: form.get("email") ?? "",
    subject: form.get("subject") ?? "",
    message: form.get("message") ?? "",
  });
  if (!parsed.success) {
    const fieldErrors: Partial<Record<ContactField, string>> = {};
    for (const issue of parsed.error.issues) fieldErrors[issue.path[0] as ContactField] ??= issue.message;
    return data<ContactResult>({ sent: false, fieldErrors }, { status: 400 });
  }
  try {
    await deliverContactMessage(parsed.data, context.clientIp);
    return data<ContactResult>({ sent: true });
  } catch (error) {
    if (isAppError(error)) return data<ContactResult>({ sent: false, error: error.userMessage }, { status: error.status });
    log.error("contact message failed", { requestId: context.requestId, error });
    return data<ContactResult>({ sent: false, error: "We couldn't send your message. Please try again." }, { status: 500 });
  }
}

const ICONS = { mail: Mail, partners: Handshake, press: Newspaper };
const FIELDS: { name: ContactField; label: string; type?: string; autoComplete?: string }[] = [
  { name: "name", label: "Your name", autoComplete: "name" },
  { name: "email", label: "Your e-mail", type: "email", autoComplete: "email" },
  { name: "subject", label: "Subject" },
];

export default function Contact({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const form = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<Partial<Record<ContactField, string>>>({});
  const result = fetcher.data;
  const isSending = fetcher.state !== "idle";
  const errors = { ...(result && !result.sent ? result.fieldErrors : undefined), ...clientErrors };

  useEffect(() => {
    if (!result) return;
    if (result.sent) {
      toast.success("Message Sent!", { description: "Thanks for reaching out. We'll get back to you soon." });
      form.current?.reset();
    } else if (result.error) {
      toast.error("Message Not Sent", { description: result.error });
    }
  }, [result]);

  function validate(event: React.FormEvent<HTMLFormElement>) {
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = ContactInputSchema.safeParse(values);
    if (parsed.success) return setClientErrors({});
    event.preventDefault();
    const found: Partial<Record<ContactField, string>> = {};
    for (const issue of parsed.error.issues) found[issue.path[0] as ContactField] ??= issue.message;
    setClientErrors(found);
    const first = Object.keys(found)[0];
    if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  function errorProps(field: ContactField) {
    return errors[field] ? { "aria-invalid": true, "aria-describedby": `contact-${field}-error` } : {};
  }

  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-12">
      <div className="text-center">
        <h1 className="text-4xl font-extrabold">Contact Us</h1>
        <p className="mt-2 text-lg text-muted-foreground">Questions, ideas or fan art to share? We'd love to hear from you.</p>
      </div>
      <div className="mt-10 grid gap-8 lg:grid-cols-[2fr_1fr]">
        <Card>
          <CardHeader>
            <CardTitle>Send us a message</CardTitle>
          </CardHeader>
          <CardContent>
            <fetcher.Form ref={form} method="post" noValidate onSubmit={validate}>
              <fieldset disabled={isSending} className="grid gap-4">
                {FIELDS.map((field) => (
                  <div key={field.name} className="grid gap-1.5">
                    <Label htmlFor={`contact-${field.name}`}>{field.label}</Label>
                    <Input id={`contact-${field.name}`} name={field.name} type={field.type ?? "text"} autoComplete={field.autoComplete} required {...errorProps(field.name)} />
                    {errors[field.name] && <p id={`contact-${field.name}-error`} className="text-sm font-semibold text-destructive">{errors[field.name]}</p>}
                  </div>
                ))}
                <div className="grid gap-1.5">
                  <Label htmlFor="contact-message">Message</Label>
                  <Textarea id="contact-message" name="message" rows={6} required {...errorProps("message")} />
                  {errors.message && <p id="contact-message-error" className="text-sm font-semibold text-destructive">{errors.message}</p>}
                </div>
                <Button type="submit" size="lg" className="w-fit font-bold">
                  <Send aria-hidden="true" /> {isSending ? "Sending..." : "Send Message"}
                </Button>
              </fieldset>
            </fetcher.Form>
          </CardContent>
        </Card>
        <aside className="flex flex-col gap-4">
          {loaderData.contacts.map((contact) => {
            const Icon = ICONS[contact.icon];
            return (
              <Card key={contact.label} className="py-4">
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
          <Card className="py-4">
            <CardContent className="flex items-start gap-3">
              <Clock className="mt-0.5 size-5 text-secondary" aria-hidden="true" />
              <div>
                <h2 className="font-bold">Office Hours</h2>
                <p className="text-muted-foreground">Monday-Friday, 9:00 AM - 5:00 PM PST</p>
              </div>
            </CardContent>
          </Card>
        </aside>
      </div>
    </main>
  );
}
