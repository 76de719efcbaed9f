import { useLingui } from "@lingui/react";
import { BIRTH_QUESTION } from "~/lib/consent/age-question";
import { Input } from "~/components/ui/input";
import type { AgeQuestionChoices } from "~/lib/consent/consent-age-by-country";
import { cn } from "~/lib/utils";

type Field = { id: string; name: string; errorId: string; errors?: string[]; initialValue?: unknown };

/**
 * The neutral age question (ADR 0041): month and year of birth, picked or typed freely, and
 * the country (ADR 0063) — a plain select named in the page's language, starting at the
 * browser's region, theirs to change — with no word about an age limit. Plain fields, so it
 * works without JavaScript.
 */
export function BirthMonthFields({
  month,
  year,
  country,
  choices,
  tone = "light",
  legend,
}: {
  month: Field;
  year: Field;
  country: Field;
  /** The months and countries by name and where the country starts, from the page's loader (ageQuestionChoices). */
  choices: AgeQuestionChoices;
  tone?: "light" | "dark";
  /** Another question than the visitor's own birth (a parent adding a child). */
  legend?: string;
}) {
  const { i18n } = useLingui();
  const error = month.errors?.[0] ?? year.errors?.[0];
  const errorId = month.errors?.[0] ? month.errorId : year.errorId;
  const described = error ? errorId : undefined;
  const labelClass = cn("mb-1 text-sm font-medium", tone === "dark" && "text-white");
  return (
    <fieldset className="flex min-w-0 flex-col gap-1">
      <legend className={labelClass}>{legend ?? i18n._(BIRTH_QUESTION.legend)}</legend>
      <div className="flex gap-2">
        <label className="sr-only" htmlFor={month.id}>{i18n._(BIRTH_QUESTION.month)}</label>
        <select
          id={month.id}
          name={month.name}
          required
          autoComplete="bday-month"
          defaultValue={typeof month.initialValue === "string" ? month.initialValue : ""}
          aria-invalid={month.errors?.length ? true : undefined}
          aria-describedby={described}
          className="h-12 flex-1 rounded-md border bg-background px-3 text-foreground"
        >
          <option value="">{i18n._(BIRTH_QUESTION.month)}</option>
          {choices.months.map((name, index) => (
            <option key={name} value={String(index + 1)}>{name}</option>
          ))}
        </select>
        <label className="sr-only" htmlFor={year.id}>{i18n._(BIRTH_QUESTION.year)}</label>
        <div className="w-28">
        <Input
          id={year.id}
          name={year.name}
          required
          inputMode="numeric"
          autoComplete="bday-year"
          maxLength={4}
          placeholder={i18n._(BIRTH_QUESTION.year)}
          defaultValue={typeof year.initialValue === "string" ? year.initialValue : ""}
          aria-invalid={year.errors?.length ? true : undefined}
          aria-describedby={described}
          tall
          className="text-foreground"
        />
        </div>
      </div>
      <label htmlFor={country.id} className={labelClass}>{i18n._(BIRTH_QUESTION.country)}</label>
      <select
        id={country.id}
        name={country.name}
        autoComplete="country"
        defaultValue={(country.initialValue as string | undefined) ?? choices.defaultCountry}
        className="h-12 w-full min-w-0 rounded-md border bg-background px-3 text-foreground"
      >
        <option value="">{i18n._(BIRTH_QUESTION.country)}</option>
        {choices.countries.map(([code, name]) => (
          <option key={code} value={code}>{name}</option>
        ))}
      </select>
      {error && (
        <p id={errorId} role="alert" className={cn("text-sm font-semibold", tone === "dark" ? "text-red-200" : "text-destructive")}>
          {i18n._(error)}
        </p>
      )}
    </fieldset>
  );
}
