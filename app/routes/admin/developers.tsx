import { getInputProps, getSelectProps } from "@conform-to/react";
import { Copy, KeyRound, Trash2 } from "lucide-react";
import { toast } from "~/components/ui/toast";
import { useFetcher } from "react-router";
import type { Route } from "./+types/developers";
import { adminClientAction, useAdminForm } from "~/components/admin/admin-form";
import { FormField } from "~/components/form-field";
import { LocalTime } from "~/components/local-time";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { adminAction } from "~/lib/admin/admin-action.server";
import type { AdminActionResult, FailureToast } from "~/lib/admin/action-result";
import { CreateApiKeySchema, DevelopersActionSchema, KEY_EXPIRY_CHOICES } from "~/lib/api/developers.schema";
import { createApiKey, listApiKeys, revokeApiKey, type KeyLifetimeDays } from "~/lib/api/api-keys.server";
import { API_SCOPES, API_SCOPE_NAMES, type ApiScope } from "~/lib/api/scopes";
import { requireStaff } from "~/lib/auth/guards.server";
import { getEnv } from "~/kernel/env.server";
import { AddEndpointForm, EndpointCard } from "~/components/admin/webhook-endpoints";
import type { WebhookEvent } from "~/lib/webhooks/events";
import { resendWebhookMessage, sendTestEvent } from "~/lib/webhooks/enqueue.server";
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookDeliveries, listWebhookEndpoints, revealWebhookSecret, rotateWebhookSecret, setWebhookEndpointEnabled, setWebhookEndpointTest } from "~/lib/webhooks/endpoints.server";

export { adminShouldRevalidate as shouldRevalidate } from "~/lib/admin/revalidation";

export const meta: Route.MetaFunction = () => [{ title: "Developers | Admin" }];

function failure(form: FormData): FailureToast {
  switch (form.get("intent")) {
    case "revoke":
      return { title: "Revoke Failed", lead: "Could not revoke the key. " };
    case "create":
      return { title: "Creation Failed", lead: "Could not create the key. " };
    case "reveal-secret":
      return { title: "Reveal Failed", lead: "Could not show the signing secret. " };
    case "rotate-secret":
      return { title: "Rotate Failed", lead: "Could not rotate the signing secret. " };
    default:
      return { title: "Update Failed", lead: "Could not change the webhook endpoint. " };
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "developers");
  const [keys, endpoints] = await Promise.all([listApiKeys(), listWebhookEndpoints()]);
  const deliveries = await Promise.all(endpoints.map((endpoint) => listWebhookDeliveries(endpoint.id)));
  return {
    origin: getEnv().origin,
    endpoints: endpoints.map((endpoint, index) => ({
      id: endpoint.id,
      url: endpoint.url,
      description: endpoint.description,
      events: endpoint.events,
      isEnabled: endpoint.isEnabled,
      isTest: endpoint.isTest,
      disabledReason: endpoint.disabledReason,
      deliveries: deliveries[index]!.map((delivery) => ({ ...delivery, createdAt: delivery.createdAt.toISOString(), nextAttemptAt: delivery.nextAttemptAt.toISOString() })),
    })),
    keys: keys.map((key) => ({
      ...key,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
      revokedAt: key.revokedAt?.toISOString() ?? null,
      expiresAt: key.expiresAt?.toISOString() ?? null,
      isExpired: key.expiresAt !== null && key.expiresAt.getTime() <= Date.now(),
    })),
  };
}

/** What an action hands back to the screen once: a new API key, or a webhook endpoint's signing secret. */
export type DevelopersActionValue = { secret: string; name: string } | { webhookSecret: string; endpointId: string };

export async function action(args: Route.ActionArgs) {
  return adminAction<typeof DevelopersActionSchema, DevelopersActionValue>(args, {
    section: "developers",
    schema: DevelopersActionSchema,
    failure,
    run: async (input, admin) => {
      switch (input.intent) {
        case "revoke":
          await revokeApiKey(input.id, admin.id);
          return { title: "Key Revoked", description: "Requests with it are refused from now on." };
        case "add-endpoint": {
          const endpoint = await createWebhookEndpoint({ url: input.url, description: input.description, events: input.events as WebhookEvent[], isTest: input.isTest }, admin.id);
          return { title: "Endpoint Added!", description: "Copy its signing secret now: it is shown again only on Reveal.", value: { webhookSecret: endpoint.secret, endpointId: endpoint.id }, resetForm: true };
        }
        case "enable-endpoint":
        case "disable-endpoint":
          await setWebhookEndpointEnabled(input.id, input.intent === "enable-endpoint", admin.id);
          return { title: input.intent === "enable-endpoint" ? "Endpoint On" : "Endpoint Off" };
        case "mark-test-endpoint":
        case "mark-live-endpoint":
          await setWebhookEndpointTest(input.id, input.intent === "mark-test-endpoint", admin.id);
          return { title: input.intent === "mark-test-endpoint" ? "Marked Test" : "Marked Live", description: input.intent === "mark-test-endpoint" ? "It gets events during a rehearsal too." : "It gets no events during a rehearsal." };
        case "delete-endpoint":
          await deleteWebhookEndpoint(input.id, admin.id);
          return { title: "Endpoint Deleted" };
        case "test-endpoint":
          await sendTestEvent(input.id, admin.id);
          return { title: "Test Event Queued", description: "It appears in the delivery log in a moment." };
        case "resend":
          await resendWebhookMessage(input.messageId, admin.id);
          return { title: "Resending", description: "The same message, with the same id, goes out again." };
        case "reveal-secret":
          return { title: "Secret Revealed", description: "Viewing it is recorded in the audit log.", value: { webhookSecret: await revealWebhookSecret(input.id, admin.id), endpointId: input.id } };
        case "rotate-secret":
          return { title: "Secret Rotated", description: "Deliveries are signed with the new secret from now on: update your receiver.", value: { webhookSecret: await rotateWebhookSecret(input.id, admin.id), endpointId: input.id } };
      }
      const expiresInDays = input.expiresIn === "never" ? null : (Number(input.expiresIn) as KeyLifetimeDays);
      const { key, secret } = await createApiKey({ name: input.name, scopes: input.scopes as ApiScope[], expiresInDays }, admin.id);
      return { title: "Key Created!", description: "Copy it now: it is shown only once.", value: { secret, name: key.name }, resetForm: true };
    },
  });
}

export const clientAction = adminClientAction(failure);

function NewKeyForm() {
  const { form, fields, fetcher, formProps, isSaving, result } = useAdminForm({ id: "new-api-key", schema: CreateApiKeySchema, failure });
  const value = result?.ok ? (result.value as DevelopersActionValue | undefined) : undefined;
  const created = value && "secret" in value ? value : undefined;
  async function copy(secret: string) {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success("Key Copied!", { description: "Keep it somewhere safe, like your shop's secret settings." });
    } catch {
      toast.error("Copy Failed", { description: "Select the key and copy it yourself." });
    }
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>New API key</CardTitle>
        <CardDescription>Give each tool its own key with only the permissions it needs, so you can revoke one without the others.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {created && (
          <div role="status" className="space-y-2 rounded-xl border-2 border-primary bg-primary/10 p-4">
            <p className="font-bold">Your new key for {created.name} — copy it now, it will not be shown again:</p>
            <div className="flex gap-2">
              <Input readOnly value={created.secret} aria-label="The new API key" className="font-mono" onFocus={(event) => event.currentTarget.select()} data-testid="new-api-key" />
              <Button type="button" onClick={() => void copy(created.secret)}>
                <Copy aria-hidden="true" /> Copy
              </Button>
            </div>
          </div>
        )}
        <fetcher.Form key={form.id} {...formProps} className="space-y-4">
          <input type="hidden" name="intent" value="create" />
          <fieldset disabled={isSaving} className="space-y-4">
            <FormField field={fields.name} label="Name">
              <Input {...getInputProps(fields.name, { type: "text" })} placeholder="e.g. Online shop" />
            </FormField>
            <fieldset aria-describedby={fields.scopes.errorId} className="space-y-2">
              <legend className="text-sm font-semibold">Permissions</legend>
              {API_SCOPE_NAMES.map((scope) => (
                <div key={scope} className="flex items-start gap-2">
                  <input type="checkbox" id={`scope-${scope}`} name={fields.scopes.name} value={scope} className="mt-1 size-4 accent-primary" />
                  <label htmlFor={`scope-${scope}`} className="text-sm">
                    <code className="font-semibold">{scope}</code> — {API_SCOPES[scope]}
                  </label>
                </div>
              ))}
              {fields.scopes.errors?.[0] && <p id={fields.scopes.errorId} className="text-sm font-semibold text-destructive">{fields.scopes.errors[0]}</p>}
            </fieldset>
            <FormField field={fields.expiresIn} label="Expires">
              <select {...getSelectProps(fields.expiresIn)} defaultValue="never" className="h-10 rounded-md border bg-background px-3">
                {KEY_EXPIRY_CHOICES.map((choice) => (
                  <option key={choice.value} value={choice.value}>{choice.label}</option>
                ))}
              </select>
            </FormField>
            <Button type="submit">
              <KeyRound aria-hidden="true" /> {isSaving ? "Creating..." : "Create key"}
            </Button>
          </fieldset>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

function RevokeKey({ id, name }: { id: string; name: string }) {
  const fetcher = useFetcher<AdminActionResult>();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="revoke" />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="outline" size="sm" disabled={fetcher.state !== "idle"} aria-label={`Revoke ${name}`}>
        <Trash2 aria-hidden="true" /> Revoke
      </Button>
    </fetcher.Form>
  );
}

export default function Developers({ loaderData }: Route.ComponentProps) {
  const { keys, origin, endpoints } = loaderData;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <h1 className="text-3xl font-extrabold">Developers</h1>
      <p className="text-muted-foreground">
        The JSON API lets your shop, mailing tool or series site read and add members. It is described at{" "}
        <a href="/api/v1/openapi.json" className="font-semibold text-secondary underline">{origin}/api/v1/openapi.json</a> (OpenAPI 3.1); send a key as{" "}
        <code className="rounded bg-muted px-1">Authorization: Bearer lc_…</code>.
      </p>
      <NewKeyForm />
      <Card>
        <CardHeader>
          <CardTitle>Keys</CardTitle>
        </CardHeader>
        <CardContent>
          {keys.length === 0 ? (
            <p className="text-muted-foreground">No keys yet.</p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  {["Name", "Key", "Permissions", "Created", "Last used", "Expires", ""].map((heading) => (
                    <TableHead key={heading}>{heading}</TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {keys.map((key) => (
                  <TableRow key={key.id} data-testid="api-key">
                    <TableCell className="font-semibold">{key.name}</TableCell>
                    <TableCell><code>{key.prefix}_…</code></TableCell>
                    <TableCell>
                      <ul className="flex flex-wrap gap-1">
                        {key.scopes.map((scope) => (
                          <li key={scope}><Badge variant="outline">{scope}</Badge></li>
                        ))}
                      </ul>
                    </TableCell>
                    <TableCell><LocalTime value={key.createdAt} /></TableCell>
                    <TableCell data-testid="api-key-last-used">{key.lastUsedAt ? <LocalTime value={key.lastUsedAt} /> : "Never"}</TableCell>
                    <TableCell>{key.expiresAt ? <LocalTime value={key.expiresAt} /> : "Never"}</TableCell>
                    <TableCell>
                      {key.revokedAt ? <Badge variant="outline">Revoked</Badge> : key.isExpired ? <Badge variant="outline">Expired</Badge> : <RevokeKey id={key.id} name={key.name} />}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <section aria-labelledby="webhooks" className="space-y-4">
        <h2 id="webhooks" className="text-xl font-bold">Webhooks</h2>
        <p className="text-muted-foreground">
          We POST each chosen event as JSON to your endpoint, signed per the Standard Webhooks spec, and retry for about 24 hours until it answers 2xx.
        </p>
        <Card>
          <CardHeader>
            <CardTitle>New endpoint</CardTitle>
          </CardHeader>
          <CardContent>
            <AddEndpointForm failure={failure} />
          </CardContent>
        </Card>
        {endpoints.map((endpoint) => (
          <EndpointCard key={endpoint.id} endpoint={endpoint} />
        ))}
      </section>
    </div>
  );
}
