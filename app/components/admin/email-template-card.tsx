import type { FieldMetadata } from "@conform-to/react";
import { Save, Send } from "lucide-react";
import { useState, type ReactNode } from "react";
import { toast } from "~/components/ui/toast";
import type { z } from "zod";
import { useAdminForm } from "~/components/admin/admin-form";
import { HistoryDialog } from "~/components/admin/history-dialog";
import { RichTextEditor, type EditorRevert } from "~/components/admin/rich-text-editor";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import type { AdminFailure } from "~/lib/admin/failure";
import type { ContentName } from "~/lib/content/content-fields";
import { ContentLanguageTabs, NotTranslated } from "~/components/admin/content-language-tabs";
import type { Language } from "~/kernel/i18n/languages";

/**
 * An e-mail template on its screen, in one language (its tabs are links to `?language=`):
 * the rich-text editor with that language's history, "Save Template" and "Send test to
 * me" (intents `saveIntent` and "send-test"). `name` is the template's content name, also
 * the form field; `isUntranslated` marks a language with no template of its own yet.
 */
export function EmailTemplateCard<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>({
  formId,
  schema,
  failure,
  name,
  language,
  isUntranslated,
  defaultValue,
  saveIntent,
  title,
  editorLabel,
  description,
  historyLabel,
  minHeight,
}: {
  formId: string;
  schema: Schema;
  failure: AdminFailure;
  name: ContentName;
  language: Language;
  isUntranslated: boolean;
  defaultValue: Record<string, string>;
  saveIntent: string;
  title: string;
  editorLabel: string;
  description: ReactNode;
  historyLabel: string;
  minHeight: number;
}) {
  const { form, fields, fetcher, formProps, isSaving } = useAdminForm({ id: formId, schema, failure, keepEmptyFields: true, defaultValue: defaultValue as never });
  const [revert, setRevert] = useState<EditorRevert>();
  const field = (fields as Record<string, FieldMetadata<string | undefined>>)[name]!;
  const pendingIntent = fetcher.formData?.get("intent");

  function revertTo(value: string, versionNumber: number) {
    setRevert({ value });
    toast.success("Content Reverted", { description: `Email template reverted to version ${versionNumber}. Save to make it permanent.` });
  }

  return (
    <fetcher.Form key={form.id} {...formProps}>
      <Card>
        <CardHeader row className="items-start">
          <div>
            <CardTitle>{title}</CardTitle>
            <CardDescription>{description}</CardDescription>
          </div>
          <HistoryDialog name={name} language={language} label={historyLabel} kind="rich" onRevert={revertTo} buttonLabel="View History" disabled={isSaving} />
        </CardHeader>
        <CardContent className="grid gap-4">
          <ContentLanguageTabs language={language} />
          <input type="hidden" name="language" value={language} />
          <Label htmlFor={field.id} className="sr-only">{editorLabel}</Label>
          <RichTextEditor field={field} label={editorLabel} revert={revert} minHeight={minHeight} disabled={isSaving} />
          {isUntranslated && <NotTranslated />}
          {field.errors?.[0] && <p id={field.errorId} className="text-sm font-semibold text-destructive">{field.errors[0]}</p>}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value={saveIntent} disabled={isSaving}>
              <Save aria-hidden="true" /> {pendingIntent === saveIntent ? "Saving..." : "Save Template"}
            </Button>
            <Button type="submit" name="intent" value="send-test" variant="outline" disabled={isSaving}>
              <Send aria-hidden="true" /> {pendingIntent === "send-test" ? "Sending..." : "Send test to me"}
            </Button>
          </div>
        </CardContent>
      </Card>
    </fetcher.Form>
  );
}
