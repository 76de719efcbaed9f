import { getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Gift, PackageCheck, ShieldCheck, XCircle } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/claim-prize";
import { FormField } from "~/components/form-field";
import { NoticePage } from "~/components/notice-page";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { lazyFormSchema, useSchemaForm } from "~/components/use-schema-form";
import { isAppError } from "~/lib/errors";
import { readFormData } from "~/lib/http/form-data.server";
import { log } from "~/lib/log.server";
import { CLAIM_AGE_CONSTRAINTS, NEEDS_PARENT_MESSAGE, SHIPPING_ADDRESS_CONSTRAINTS } from "~/lib/prizes/prize-claim-form";
import { PrizeClaimActionSchema } from "~/lib/prizes/prize-claim.schema";
import { answerClaimAge, claimPrize, getPrizeClaimPage, type PrizeClaimPage } from "~/lib/prizes/prize-claims.server";

// The prize claim page (ADR 0043), reached only by the signed link in the winner e-mail:
// no cookies, no sign-in, and every form works without JavaScript.

export const meta: Route.MetaFunction = () => [{ title: "Claim your prize" }, { name: "robots", content: "noindex" }];

const STATUS_BY_STATE: Partial<Record<PrizeClaimPage["state"], number>> = { invalid: 404, expired: 410 };

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const page = await getPrizeClaimPage(token);
  return data({ page, token: page.state === "invalid" ? "" : token }, { status: STATUS_BY_STATE[page.state] ?? 200 });
}

type ClaimResult = { form?: SubmissionResult<string[]>; error?: string; needsParent?: boolean };

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: PrizeClaimActionSchema });
  if (submission.status !== "success") return data<ClaimResult>({ form: submission.reply() }, { status: 400 });
  const input = submission.value;
  const here = `/claim-prize?${new URLSearchParams({ token: input.token })}`;
  try {
    if (input.intent === "age") {
      const { band } = await answerClaimAge(input.token, input);
      if (band === "under_consent_age") return data<ClaimResult>({ needsParent: true, form: submission.reply({ resetForm: true }) });
      return redirect(here);
    }
    const { intent: _intent, token, ...address } = input;
    await claimPrize(token, address);
    return redirect(here);
  } catch (error) {
    if (isAppError(error)) return data<ClaimResult>({ form: submission.reply(), error: error.userMessage }, { status: error.status });
    log.error("prize claim failed", { requestId: context.requestId, error });
    return data<ClaimResult>({ form: submission.reply(), error: "We couldn't save that. Please try again." }, { status: 500 });
  }
}

const addressFormSchema = lazyFormSchema(SHIPPING_ADDRESS_CONSTRAINTS, () => import("~/lib/prizes/prize-claim.schema").then((module) => module.ShippingAddressSchema));
const ageFormSchema = lazyFormSchema(CLAIM_AGE_CONSTRAINTS, () => import("~/lib/prizes/prize-claim.schema").then((module) => module.ClaimAgeSchema));

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const SELECT_CLASS =
  "h-11 w-full rounded-xl border-2 border-input bg-background px-3 text-base focus-visible:border-ring focus-visible:outline-none aria-[invalid=true]:border-destructive";

export default function ClaimPrize({ loaderData, actionData }: Route.ComponentProps) {
  const { page, token } = loaderData;
  switch (page.state) {
    case "invalid":
      return (
        <NoticePage
          icon={XCircle}
          iconClassName="text-destructive"
          title="This link doesn't work"
          message="The claim link is incomplete or was changed. Please open it again from the winner e-mail."
          action={{ to: "/contact", label: "Contact Us", variant: "outline" }}
        />
      );
    case "expired":
      return (
        <NoticePage
          icon={XCircle}
          iconClassName="text-destructive"
          title="This claim link has expired"
          message="Claim links work for 60 days. Please write to us through the contact page and we'll help."
          action={{ to: "/contact", label: "Contact Us", variant: "outline" }}
        />
      );
    case "claimed":
      return (
        <NoticePage
          icon={PackageCheck}
          iconClassName="text-green-700"
          title="Prize claimed!"
          message={`Thanks! We have the delivery address for your ${page.prize} (${page.season}). It is kept encrypted, used only to post the prize, and deleted 30 days after we send it.`}
          action={{ to: "/leaderboard", label: "See the Leaderboard" }}
        />
      );
    case "shipped":
      return (
        <NoticePage
          icon={PackageCheck}
          iconClassName="text-green-700"
          title="Your prize is on its way!"
          message={`We've sent your ${page.prize} (${page.season}). Its delivery address is deleted 30 days after sending.`}
          action={{ to: "/leaderboard", label: "See the Leaderboard" }}
        />
      );
    default:
      return (
        <main className="mx-auto w-full max-w-xl flex-1 space-y-6 px-4 py-12">
          <div className="space-y-2 text-center">
            <Gift className="mx-auto size-14 text-primary" aria-hidden="true" />
            <h1 className="text-4xl font-extrabold">Claim your prize</h1>
            <p className="text-lg text-muted-foreground">
              {page.season}: <strong>{page.prize}</strong>
            </p>
          </div>
          {page.state === "address" ? (
            <AddressForm token={token} result={actionData} />
          ) : actionData?.needsParent ? (
            <div role="status" className="space-y-2 rounded-xl border-2 border-primary bg-primary/10 p-4">
              <p className="font-bold">Your prize is kept for you.</p>
              <p>{NEEDS_PARENT_MESSAGE}</p>
            </div>
          ) : (
            <AgeForm token={token} result={actionData} />
          )}
        </main>
      );
  }
}

function AgeForm({ token, result }: { token: string; result: ClaimResult | undefined }) {
  const isSending = useNavigation().state === "submitting";
  const { form, fields, onSubmit } = useSchemaForm({ id: "claim-age", schema: ageFormSchema, lastResult: result?.form });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">First, one question</CardTitle>
        <CardDescription>What month and year were you born? We keep only whether a grown-up's consent is needed, never the date.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" id={form.id} onSubmit={onSubmit} noValidate={form.noValidate} className="grid gap-4">
          <input type="hidden" name="intent" value="age" />
          <input type="hidden" name="token" value={token} />
          <div className="grid grid-cols-2 gap-4">
            <FormField field={fields.birthMonth} label="Birth month">
              <select {...getSelectProps(fields.birthMonth)} className={SELECT_CLASS}>
                <option value="">Month</option>
                {MONTHS.map((month, index) => (
                  <option key={month} value={String(index + 1)}>
                    {month}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField field={fields.birthYear} label="Birth year">
              <Input {...getInputProps(fields.birthYear, { type: "text" })} inputMode="numeric" autoComplete="bday-year" placeholder="YYYY" maxLength={4} />
            </FormField>
          </div>
          {result?.error && <p role="alert" className="text-sm font-semibold text-destructive">{result.error}</p>}
          <Button type="submit" size="lg" className="w-fit" disabled={isSending}>
            {isSending ? "Checking..." : "Continue"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

const ADDRESS_FIELDS = [
  { name: "deliveryName", label: "Name for delivery", autoComplete: "shipping name" },
  { name: "addressLine1", label: "Address line 1", autoComplete: "shipping address-line1" },
  { name: "addressLine2", label: "Address line 2 (optional)", autoComplete: "shipping address-line2" },
  { name: "city", label: "Town or city", autoComplete: "shipping address-level2" },
  { name: "region", label: "State, province or region (optional)", autoComplete: "shipping address-level1" },
  { name: "postalCode", label: "Postal code (optional where there is none)", autoComplete: "shipping postal-code" },
  { name: "country", label: "Country", autoComplete: "shipping country-name" },
] as const;

function AddressForm({ token, result }: { token: string; result: ClaimResult | undefined }) {
  const isSending = useNavigation().state === "submitting";
  const { form, fields, onSubmit } = useSchemaForm({ id: "claim-address", schema: addressFormSchema, lastResult: result?.form });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Where should we send it?</CardTitle>
        <CardDescription className="flex gap-2">
          <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>The address is stored encrypted, used only to post this prize, and deleted 30 days after we send it.</span>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" id={form.id} onSubmit={onSubmit} noValidate={form.noValidate} className="grid gap-4">
          <input type="hidden" name="intent" value="address" />
          <input type="hidden" name="token" value={token} />
          {ADDRESS_FIELDS.map(({ name, label, autoComplete }) => (
            <FormField key={name} field={fields[name]} label={label}>
              <Input {...getInputProps(fields[name], { type: "text" })} autoComplete={autoComplete} />
            </FormField>
          ))}
          {result?.error && <p role="alert" className="text-sm font-semibold text-destructive">{result.error}</p>}
          <Button type="submit" size="lg" className="w-fit" disabled={isSending}>
            {isSending ? "Sending..." : "Send the address"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
