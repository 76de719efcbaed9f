import { getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { Gift, PackageCheck, ShieldCheck, XCircle } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/claim-prize";
import { FormField } from "~/components/form-field";
import { NoticePage } from "~/components/notice-page";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { lazyFormSchema, useSchemaForm } from "~/components/use-schema-form";
import { isAppError } from "~/kernel/errors";
import { readFormData } from "~/kernel/http/form-data.server";
import { log } from "~/kernel/log.server";
import { CLAIM_AGE_CONSTRAINTS, NEEDS_PARENT_MESSAGE, SHIPPING_ADDRESS_CONSTRAINTS } from "~/lib/prizes/prize-claim-form";
import { PrizeClaimActionSchema } from "~/lib/prizes/prize-claim.schema";
import { monthNames } from "~/lib/consent/age-question";
import { pageTranslation } from "~/lib/i18n/catalogs.server";
import { requestLanguage } from "~/lib/i18n/request-language.server";
import { FORMAT_LOCALES } from "~/kernel/i18n/languages";
import { answerClaimAge, claimPrize, getPrizeClaimPage, type PrizeClaimPage } from "~/lib/prizes/prize-claims.server";
import { agePassCookie, readAgePassCookie, sealAgePass } from "~/lib/consent/age-pass.server";
import { ageQuestionChoices, type AgeQuestionChoices } from "~/lib/consent/consent-age-by-country";

// The prize claim page (ADR 0043), reached only by the signed link in the winner e-mail:
// no cookies, no sign-in, and every form works without JavaScript.

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

const STATUS_BY_STATE: Partial<Record<PrizeClaimPage["state"], number>> = { invalid: 404, expired: 410 };

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const { language, i18n, messages } = pageTranslation(request, "claim-prize");
  const page = await getPrizeClaimPage(token, new Date(), FORMAT_LOCALES[language]);
  // The months by name in the page's language, written here: the age form's script stays as small as it was.
  const months = monthNames(FORMAT_LOCALES[language]);
  // The age question's countries in the page's language, starting at the browser's region (ADR 0063).
  const ageQuestion = ageQuestionChoices(request.headers.get("Accept-Language"), FORMAT_LOCALES[language]);
  return data({ page, token: page.state === "invalid" ? "" : token, months, ageQuestion, title: i18n._("Claim your prize"), messages }, { status: STATUS_BY_STATE[page.state] ?? 200 });
}

/** The answer when saving fails for a reason of ours: English text, its own id (shown through i18n._). */
const SAVE_FAILED = /*i18n*/ "We couldn't save that. Please try again.";

type ClaimResult = { form?: SubmissionResult<string[]>; error?: string; needsParent?: boolean };

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: PrizeClaimActionSchema });
  if (submission.status !== "success") return data<ClaimResult>({ form: submission.reply() }, { status: 400 });
  const input = submission.value;
  const here = `/claim-prize?${new URLSearchParams({ token: input.token })}`;
  try {
    if (input.intent === "age") {
      const { band, applied } = await answerClaimAge(input.token, input, new Date(), requestLanguage(request), readAgePassCookie(request.headers.get("Cookie")));
      if (band === "under_consent_age") {
        // The device remembers the answer for a day, as the join form's does (ADR 0061).
        const headers = { "Set-Cookie": agePassCookie(sealAgePass(band, null, { applied: applied ?? null })) };
        return data<ClaimResult>({ needsParent: true, form: submission.reply({ resetForm: true }) }, { headers });
      }
      return redirect(here);
    }
    const { intent: _intent, token, ...address } = input;
    await claimPrize(token, address);
    return redirect(here);
  } catch (error) {
    if (isAppError(error)) return data<ClaimResult>({ form: submission.reply(), error: error.userMessage }, { status: error.status });
    log.error("prize claim failed", { requestId: context.requestId, error });
    return data<ClaimResult>({ form: submission.reply(), error: SAVE_FAILED }, { status: 500 });
  }
}

const addressFormSchema = lazyFormSchema(SHIPPING_ADDRESS_CONSTRAINTS, () => import("~/lib/prizes/prize-claim.schema").then((module) => module.ShippingAddressSchema));
const ageFormSchema = lazyFormSchema(CLAIM_AGE_CONSTRAINTS, () => import("~/lib/prizes/prize-claim.schema").then((module) => module.ClaimAgeSchema));

const SELECT_CLASS =
  "h-11 w-full rounded-xl border-2 border-input bg-background px-3 text-base focus-visible:border-ring focus-visible:outline-none aria-[invalid=true]:border-destructive";

export default function ClaimPrize({ loaderData, actionData }: Route.ComponentProps) {
  const { page, token, months, ageQuestion } = loaderData;
  const { i18n } = useLingui();
  const toContact = { to: "/contact", label: i18n._("Contact Us"), variant: "outline" as const };
  const toLeaderboard = { to: "/leaderboard", label: i18n._("See the Leaderboard") };
  switch (page.state) {
    case "invalid":
      return (
        <NoticePage
          icon={XCircle}
          iconClassName="text-destructive"
          title={i18n._("This link doesn't work")}
          message={i18n._("The claim link is incomplete or was changed. Please open it again from the winner e-mail.")}
          action={toContact}
        />
      );
    case "expired":
      return (
        <NoticePage
          icon={XCircle}
          iconClassName="text-destructive"
          title={i18n._("This claim link has expired")}
          message={i18n._("Claim links work for 60 days. Please write to us through the contact page and we'll help.")}
          action={toContact}
        />
      );
    case "claimed":
      return (
        <NoticePage
          icon={PackageCheck}
          iconClassName="text-green-700"
          title={i18n._("Prize claimed!")}
          message={i18n._(
            "Thanks! We have the delivery address for your {prize} ({season}). It is kept encrypted, used only to post the prize, and deleted 30 days after we send it.",
            { prize: page.prize, season: page.season },
          )}
          action={toLeaderboard}
        />
      );
    case "shipped":
      return (
        <NoticePage
          icon={PackageCheck}
          iconClassName="text-green-700"
          title={i18n._("Your prize is on its way!")}
          message={i18n._("We've sent your {prize} ({season}). Its delivery address is deleted 30 days after sending.", { prize: page.prize, season: page.season })}
          action={toLeaderboard}
        />
      );
    default:
      return (
        <main className="mx-auto w-full max-w-xl flex-1 space-y-6 px-4 py-12">
          <div className="space-y-2 text-center">
            <Gift className="mx-auto size-14 text-primary" aria-hidden="true" />
            <h1 className="text-4xl font-extrabold">{i18n._("Claim your prize")}</h1>
            <p className="text-lg text-muted-foreground">
              {page.season}: <strong>{page.prize}</strong>
            </p>
          </div>
          {page.state === "address" ? (
            <AddressForm token={token} result={actionData} />
          ) : actionData?.needsParent ? (
            <div role="status" className="space-y-2 rounded-xl border-2 border-primary bg-primary/10 p-4">
              <p className="font-bold">{i18n._("Your prize is kept for you.")}</p>
              <p>{i18n._(NEEDS_PARENT_MESSAGE)}</p>
            </div>
          ) : (
            <AgeForm token={token} months={months} ageQuestion={ageQuestion} result={actionData} />
          )}
        </main>
      );
  }
}

function AgeForm({ token, months, ageQuestion, result }: { token: string; months: string[]; ageQuestion: AgeQuestionChoices; result: ClaimResult | undefined }) {
  const isSending = useNavigation().state === "submitting";
  const { form, fields, onSubmit } = useSchemaForm({ id: "claim-age", schema: ageFormSchema, lastResult: result?.form });
  const { i18n } = useLingui();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{i18n._("First, one question")}</CardTitle>
        <CardDescription>{i18n._("What month and year were you born? We keep only whether a grown-up's consent is needed, never the date.")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" id={form.id} onSubmit={onSubmit} noValidate={form.noValidate} className="grid gap-4">
          <input type="hidden" name="intent" value="age" />
          <input type="hidden" name="token" value={token} />
          <div className="grid grid-cols-2 gap-4">
            <FormField field={fields.birthMonth} label={i18n._("Birth month")}>
              <select {...getSelectProps(fields.birthMonth)} className={SELECT_CLASS}>
                <option value="">{i18n._("Month")}</option>
                {months.map((month, index) => (
                  <option key={month} value={String(index + 1)}>
                    {month}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField field={fields.birthYear} label={i18n._("Birth year")}>
              <Input {...getInputProps(fields.birthYear, { type: "text" })} inputMode="numeric" autoComplete="bday-year" placeholder={i18n._("YYYY")} maxLength={4} />
            </FormField>
          </div>
          <FormField field={fields.country} label={i18n._("Country")}>
            <select
              {...getSelectProps(fields.country)}
              autoComplete="country"
              defaultValue={typeof fields.country.initialValue === "string" ? fields.country.initialValue : ageQuestion.defaultCountry}
              className={SELECT_CLASS}
            >
              <option value="">{i18n._("Country")}</option>
              {ageQuestion.countries.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          </FormField>
          {result?.error && <p role="alert" className="text-sm font-semibold text-destructive">{i18n._(result.error)}</p>}
          <Button type="submit" size="lg" className="w-fit" disabled={isSending}>
            {isSending ? i18n._("Checking...") : i18n._("Continue")}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

const ADDRESS_FIELDS = (i18n: I18n) =>
  [
    { name: "deliveryName", label: i18n._("Name for delivery"), autoComplete: "shipping name" },
    { name: "addressLine1", label: i18n._("Address line 1"), autoComplete: "shipping address-line1" },
    { name: "addressLine2", label: i18n._("Address line 2 (optional)"), autoComplete: "shipping address-line2" },
    { name: "city", label: i18n._("Town or city"), autoComplete: "shipping address-level2" },
    { name: "region", label: i18n._("State, province or region (optional)"), autoComplete: "shipping address-level1" },
    { name: "postalCode", label: i18n._("Postal code (optional where there is none)"), autoComplete: "shipping postal-code" },
    { name: "country", label: i18n._("Country"), autoComplete: "shipping country-name" },
  ] as const;

function AddressForm({ token, result }: { token: string; result: ClaimResult | undefined }) {
  const isSending = useNavigation().state === "submitting";
  const { form, fields, onSubmit } = useSchemaForm({ id: "claim-address", schema: addressFormSchema, lastResult: result?.form });
  const { i18n } = useLingui();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{i18n._("Where should we send it?")}</CardTitle>
        <CardDescription className="flex gap-2">
          <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{i18n._("The address is stored encrypted, used only to post this prize, and deleted 30 days after we send it.")}</span>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" id={form.id} onSubmit={onSubmit} noValidate={form.noValidate} className="grid gap-4">
          <input type="hidden" name="intent" value="address" />
          <input type="hidden" name="token" value={token} />
          {ADDRESS_FIELDS(i18n).map(({ name, label, autoComplete }) => (
            <FormField key={name} field={fields[name]} label={label}>
              <Input {...getInputProps(fields[name], { type: "text" })} autoComplete={autoComplete} />
            </FormField>
          ))}
          {result?.error && <p role="alert" className="text-sm font-semibold text-destructive">{i18n._(result.error)}</p>}
          <Button type="submit" size="lg" className="w-fit" disabled={isSending}>
            {isSending ? i18n._("Sending...") : i18n._("Send the address")}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
