import { getInputProps } from "@conform-to/react";
import { Save } from "lucide-react";
import { useState } from "react";
import { toast } from "~/components/ui/toast";
import type { Route } from "./+types/text-editor";
import { adminClientAction, useAdminForm } from "~/components/admin/admin-form";
import { HistoryDialog } from "~/components/admin/history-dialog";
import { RichTextEditor, type EditorRevert } from "~/components/admin/rich-text-editor";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { adminAction } from "~/lib/admin/admin-action.server";
import type { FailureToast } from "~/lib/admin/action-result";
import { versionOf } from "~/lib/admin/version";
import { requireStaff } from "~/lib/auth/guards.server";
import { CONTENT_FIELDS, TEXT_EDITOR_FIELDS, type ContentName } from "~/lib/content/content-fields";
import { contentFormSchema } from "~/lib/content/content.schema";
import { getContentTranslation, saveContent } from "~/lib/content/content.server";
import { requireContentLanguage } from "~/lib/content/content-language.server";
import { ContentLanguageTabs, NotTranslated } from "~/components/admin/content-language-tabs";
import { LANGUAGE_NAMES } from "~/kernel/i18n/languages";

export { adminShouldRevalidate as shouldRevalidate } from "~/lib/admin/revalidation";

export const meta: Route.MetaFunction = () => [{ title: "Text & HTML Content | Admin" }];

const FAILURE: FailureToast = { title: "Update Failed", lead: "Could not save text content. " };
const TextContentSchema = contentFormSchema(TEXT_EDITOR_FIELDS);

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "text-editor");
  const language = requireContentLanguage(request);
  const { values: content, untranslated } = await getContentTranslation(language, TEXT_EDITOR_FIELDS);
  return { language, content, untranslated, version: versionOf([language, content]) };
}

export async function action(args: Route.ActionArgs) {
  return adminAction(args, {
    section: "text-editor",
    schema: TextContentSchema,
    failure: FAILURE,
    keepEmptyFields: true,
    run: async (input, admin) => {
      const { language, ...fields } = input;
      const changed = await saveContent(fields, admin.id, language);
      const saved = changed.map((name) => CONTENT_FIELDS[name].label).join(", ");
      const description = changed.length === 0 ? "Nothing changed." : language === "en" ? `Saved ${saved}.` : `Saved ${saved} (${LANGUAGE_NAMES[language]}).`;
      return { title: "Content Saved!", description };
    },
  });
}

export const clientAction = adminClientAction(FAILURE);

const CARDS = [
  { id: "homepage", title: "Homepage Content" },
  { id: "confirmation", title: "Confirmation Page Content" },
] as const;

export default function TextEditor({ loaderData }: Route.ComponentProps) {
  // A tab of its own per language: a revert picked in one never fills the other's editor.
  return <TextEditorTab key={loaderData.language} {...loaderData} />;
}

function TextEditorTab({ language, content, untranslated, version }: Route.ComponentProps["loaderData"]) {
  const { form, fields, fetcher, formProps, isSaving } = useAdminForm({
    id: `text-content-${language}-${version}`,
    schema: TextContentSchema,
    failure: FAILURE,
    keepEmptyFields: true,
    defaultValue: content,
  });
  const [reverts, setReverts] = useState<Partial<Record<ContentName, EditorRevert>>>({});

  function revert(name: ContentName, value: string, versionNumber: number) {
    if (CONTENT_FIELDS[name].kind === "rich") setReverts((current) => ({ ...current, [name]: { value } }));
    else form.update({ name, value });
    toast.success("Content Reverted", { description: `${CONTENT_FIELDS[name].label} reverted to version ${versionNumber}. Save to make it permanent.` });
  }

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-3xl font-extrabold">Text &amp; HTML Content Editor</h1>
      <ContentLanguageTabs language={language} />
      <fetcher.Form key={form.id} {...formProps} className="space-y-6">
        <input type="hidden" name="language" value={language} />
        {CARDS.map((card) => (
          <Card key={card.id}>
            <CardHeader>
              <CardTitle>{card.title}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-6">
              {TEXT_EDITOR_FIELDS.filter((name) => CONTENT_FIELDS[name].card === card.id).map((name) => {
                const field = fields[name];
                const { kind, label } = CONTENT_FIELDS[name];
                const isUntranslated = untranslated.includes(name);
                return (
                  <div key={name} className="grid gap-1.5">
                    <div className="flex items-center justify-between gap-2">
                      <Label htmlFor={field.id}>{label}</Label>
                      <HistoryDialog name={name} language={language} label={label} kind={kind} onRevert={(value, versionNumber) => revert(name, value, versionNumber)} disabled={isSaving} />
                    </div>
                    {kind === "rich" ? (
                      <RichTextEditor field={field} label={label} revert={reverts[name]} disabled={isSaving} />
                    ) : (
                      <Input {...getInputProps(field, { type: "text" })} disabled={isSaving} />
                    )}
                    {isUntranslated && <NotTranslated />}
                    {field.errors?.[0] && (
                      <p id={field.errorId} className="text-sm font-semibold text-destructive">{field.errors[0]}</p>
                    )}
                  </div>
                );
              })}
            </CardContent>
          </Card>
        ))}
        <Button type="submit" size="lg" disabled={isSaving}>
          <Save aria-hidden="true" /> {isSaving ? "Saving..." : "Save All Content"}
        </Button>
      </fetcher.Form>
    </div>
  );
}
