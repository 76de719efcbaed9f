import { getInputProps } from "@conform-to/react";
import { Eye, KeyRound, Plus, RotateCw, Send, Trash2 } from "lucide-react";
import { useFetcher } from "react-router";
import { useAdminForm } from "~/components/admin/admin-form";
import { FormField } from "~/components/form-field";
import { LocalTime } from "~/components/local-time";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { AdminActionResult } from "~/lib/admin/action-result";
import type { AdminFailure } from "~/lib/admin/failure";
import { CreateWebhookSchema } from "~/lib/api/developers.schema";
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_NAMES } from "~/lib/webhooks/events";

export type EndpointView = {
  id: string;
  url: string;
  description: string;
  events: string[];
  isEnabled: boolean;
  /** Gets events during a rehearsal too (ADR 0051). */
  isTest: boolean;
  disabledReason: string | null;
  deliveries: { id: number; messageId: string; eventType: string; status: string; attempts: number; lastStatusCode: number | null; lastError: string | null; createdAt: string }[];
};

/** A one-click change (a button in its own small form): works without JavaScript too. */
function IntentButton({ intent, fields, label, children, variant = "outline" }: { intent: string; fields: Record<string, string | number>; label: string; children: React.ReactNode; variant?: "outline" | "destructive" }) {
  const fetcher = useFetcher<AdminActionResult>();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" size="sm" variant={variant} disabled={fetcher.state !== "idle"} aria-label={label}>
        {children}
      </Button>
    </fetcher.Form>
  );
}

type SecretValue = { webhookSecret: string; endpointId: string };

function secretOf(result: AdminActionResult | undefined): SecretValue | undefined {
  const value = result?.ok ? (result.value as Partial<SecretValue> | undefined) : undefined;
  return value?.webhookSecret && value.endpointId ? (value as SecretValue) : undefined;
}

/** A signing secret the action just handed over; it is not in the page's data, so a reload hides it. */
function ShownSecret({ secret, lead }: { secret: string; lead: string }) {
  return (
    <div role="status" className="mt-2 space-y-1 rounded-xl border-2 border-primary bg-primary/10 p-3">
      <p className="text-sm font-semibold">{lead}</p>
      <code className="block break-all rounded bg-muted p-2 text-sm" data-testid="webhook-secret">{secret}</code>
    </div>
  );
}

/** "Reveal" or "Rotate": an audited action whose answer carries the secret, shown once here. */
function SecretButton({ endpoint, intent }: { endpoint: { id: string; url: string }; intent: "reveal-secret" | "rotate-secret" }) {
  const fetcher = useFetcher<AdminActionResult>();
  const shown = secretOf(fetcher.data);
  const isReveal = intent === "reveal-secret";
  return (
    <div>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={endpoint.id} />
        <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"} aria-label={`${isReveal ? "Reveal" : "Rotate"} the signing secret of ${endpoint.url}`}>
          {isReveal ? <Eye aria-hidden="true" /> : <KeyRound aria-hidden="true" />} {isReveal ? "Reveal" : "Rotate"}
        </Button>
      </fetcher.Form>
      {shown && <ShownSecret secret={shown.webhookSecret} lead={isReveal ? "The signing secret:" : "The new signing secret — copy it now, the old one no longer verifies:"} />}
    </div>
  );
}

export function AddEndpointForm({ failure }: { failure: AdminFailure }) {
  const { form, fields, fetcher, formProps, isSaving, result } = useAdminForm({ id: "new-webhook-endpoint", schema: CreateWebhookSchema, failure });
  const created = secretOf(result);
  return (
    <fetcher.Form key={form.id} {...formProps} className="space-y-4">
      {created && <ShownSecret secret={created.webhookSecret} lead="The new endpoint's signing secret — copy it now, it is shown again only on Reveal:" />}
      <input type="hidden" name="intent" value="add-endpoint" />
      <fieldset disabled={isSaving} className="space-y-4">
        <FormField field={fields.url} label="Endpoint URL">
          <Input {...getInputProps(fields.url, { type: "url" })} placeholder="https://crm.example.com/hooks/launchcrew" />
        </FormField>
        <FormField field={fields.description} label="Description (optional)">
          <Input {...getInputProps(fields.description, { type: "text" })} placeholder="e.g. Mailing list sync" />
        </FormField>
        <fieldset aria-describedby={fields.events.errorId} className="space-y-2">
          <legend className="text-sm font-semibold">Events</legend>
          {WEBHOOK_EVENT_NAMES.map((event) => (
            <div key={event} className="flex items-start gap-2">
              <input type="checkbox" id={`event-${event}`} name={fields.events.name} value={event} className="mt-1 size-4 accent-primary" />
              <label htmlFor={`event-${event}`} className="text-sm">
                <code className="font-semibold">{event}</code> — {WEBHOOK_EVENTS[event]}
              </label>
            </div>
          ))}
          {fields.events.errors?.[0] && <p id={fields.events.errorId} className="text-sm font-semibold text-destructive">{fields.events.errors[0]}</p>}
        </fieldset>
        <div className="flex items-start gap-2">
          <input type="checkbox" id={fields.isTest.id} name={fields.isTest.name} aria-describedby={fields.isTest.descriptionId} className="mt-1 size-4 accent-primary" />
          <label htmlFor={fields.isTest.id} className="text-sm">
            <span className="font-semibold">Test endpoint</span>
            <span id={fields.isTest.descriptionId} className="block text-muted-foreground">
              During a rehearsal (Site Settings → Rehearsal) only test endpoints get events; the others hear nothing until it ends.
            </span>
          </label>
        </div>
        <Button type="submit">
          <Plus aria-hidden="true" /> {isSaving ? "Adding..." : "Add endpoint"}
        </Button>
      </fieldset>
    </fetcher.Form>
  );
}

export function EndpointCard({ endpoint }: { endpoint: EndpointView }) {
  return (
    <Card data-testid="webhook-endpoint">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 break-all">
          {endpoint.url}
          {endpoint.isTest && <Badge variant="brand">Test</Badge>}
        </CardTitle>
        <CardDescription>
          {endpoint.description && <>{endpoint.description} · </>}
          {endpoint.isEnabled ? "On" : `Off${endpoint.disabledReason ? ` — ${endpoint.disabledReason}` : ""}`} · {endpoint.events.join(", ")}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <details>
          <summary className="cursor-pointer text-sm font-semibold">Signing secret</summary>
          <p className="mt-2 text-sm text-muted-foreground">
            Verify each request with it (the Standard Webhooks headers <code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>).
            It is shown when the endpoint is added, and here on request; each reveal and rotation is recorded in the audit log.
          </p>
          <div className="mt-2 flex flex-wrap items-start gap-2">
            <SecretButton endpoint={endpoint} intent="reveal-secret" />
            <SecretButton endpoint={endpoint} intent="rotate-secret" />
          </div>
        </details>
        <div className="flex flex-wrap gap-2">
          <IntentButton intent="test-endpoint" fields={{ id: endpoint.id }} label={`Send a test event to ${endpoint.url}`}>
            <Send aria-hidden="true" /> Send test event
          </IntentButton>
          <IntentButton intent={endpoint.isEnabled ? "disable-endpoint" : "enable-endpoint"} fields={{ id: endpoint.id }} label={`${endpoint.isEnabled ? "Turn off" : "Turn on"} ${endpoint.url}`}>
            {endpoint.isEnabled ? "Turn off" : "Turn on"}
          </IntentButton>
          <IntentButton
            intent={endpoint.isTest ? "mark-live-endpoint" : "mark-test-endpoint"}
            fields={{ id: endpoint.id }}
            label={`${endpoint.isTest ? "Mark as live" : "Mark as test"}: ${endpoint.url}`}
          >
            {endpoint.isTest ? "Mark as live" : "Mark as test"}
          </IntentButton>
          <IntentButton intent="delete-endpoint" fields={{ id: endpoint.id }} label={`Delete ${endpoint.url}`} variant="destructive">
            <Trash2 aria-hidden="true" /> Delete
          </IntentButton>
        </div>
        {endpoint.deliveries.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing sent yet.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                {["Event", "Queued", "Status", "Attempts", "Answer", ""].map((heading) => (
                  <TableHead key={heading}>{heading}</TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {endpoint.deliveries.map((delivery) => (
                <TableRow key={delivery.id} data-testid="webhook-delivery">
                  <TableCell><code>{delivery.eventType}</code></TableCell>
                  <TableCell><LocalTime value={delivery.createdAt} /></TableCell>
                  <TableCell><Badge variant="outline">{delivery.status}</Badge></TableCell>
                  <TableCell>{delivery.attempts}</TableCell>
                  <TableCell>{delivery.lastStatusCode ?? delivery.lastError ?? "—"}</TableCell>
                  <TableCell>
                    {delivery.status !== "pending" && (
                      <IntentButton intent="resend" fields={{ messageId: delivery.id }} label={`Resend ${delivery.eventType} ${delivery.messageId}`}>
                        <RotateCw aria-hidden="true" /> Resend
                      </IntentButton>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
