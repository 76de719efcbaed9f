import { Save } from "lucide-react";
import { useEffect, useState } from "react";
import { data, useFetcher } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/text-editor";
import { useActionToast, type ToastMessage } from "~/components/admin/action-toast";
import { HistoryDialog } from "~/components/admin/history-dialog";
import { RichTextEditor } from "~/components/admin/rich-text-editor";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { requireAdmin } from "~/lib/auth/guards.server";
import { CONTENT_FIELDS, TEXT_EDITOR_FIELDS, type ContentName } from "~/lib/content/content-fields";
import { contentFormSchema } from "~/lib/content/content.schema";
import { getContent, saveContent } from "~/lib/content/content.server";
import { log } from "~/lib/log.server";
import { formFields } from "~/lib/settings/settings.schema";

export const meta: Route.MetaFunction = () => [{ title: "Text & HTML Content | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return getContent(TEXT_EDITOR_FIELDS);
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const parsed = contentFormSchema(TEXT_EDITOR_FIELDS).safeParse(formFields(await request.formData()));
  if (!parsed.success) {
    const description = parsed.error.issues[0]?.message ?? "Please check the fields.";
    return data({ toast: { kind: "error", title: "Update Failed", description } satisfies ToastMessage }, { status: 400 });
  }
  try {
    const changed = await saveContent(parsed.data, admin.id);
    const description = changed.length === 0 ? "Nothing changed." : `Saved ${changed.map((name) => CONTENT_FIELDS[name].label).join(", ")}.`;
    return data({ toast: { kind: "success", title: "Content Saved!", description } satisfies ToastMessage });
  } catch (error) {
    log.error("content save failed", { requestId: context.requestId, error });
    return data({ toast: { kind: "error", title: "History Save Error", description: "Could not save text content. Please try again." } satisfies ToastMessage }, { status: 500 });
  }
}

const CARDS = [
  { id: "homepage", title: "Homepage Content" },
  { id: "confirmation", title: "Confirmation Page Content" },
] as const;

export default function TextEditor({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const isSaving = fetcher.state !== "idle";
  const [values, setValues] = useState<Record<string, string>>(loaderData);
  const [resetKeys, setResetKeys] = useState<Record<string, number>>({});
  useActionToast(fetcher.data);
  useEffect(() => setValues(loaderData), [loaderData]);

  function revert(name: ContentName, value: string, version: number) {
    setValues((current) => ({ ...current, [name]: value }));
    setResetKeys((current) => ({ ...current, [name]: (current[name] ?? 0) + 1 }));
    toast.success("Content Reverted", { description: `${CONTENT_FIELDS[name].label} reverted to version ${version}. Save to make it permanent.` });
  }

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-3xl font-extrabold">Text &amp; HTML Content Editor</h1>
      <fetcher.Form method="post" className="space-y-6">
        {CARDS.map((card) => (
          <Card key={card.id}>
            <CardHeader>
              <CardTitle>{card.title}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-6">
              {TEXT_EDITOR_FIELDS.filter((name) => CONTENT_FIELDS[name].card === card.id).map((name) => {
                const field = CONTENT_FIELDS[name];
                return (
                  <div key={name} className="grid gap-1.5">
                    <div className="flex items-center justify-between gap-2">
                      <Label htmlFor={`content-${name}`}>{field.label}</Label>
                      <HistoryDialog name={name} label={field.label} kind={field.kind} onRevert={(value, version) => revert(name, value, version)} />
                    </div>
                    {field.kind === "rich" ? (
                      <RichTextEditor
                        id={`content-${name}`}
                        name={name}
                        label={field.label}
                        value={values[name] ?? ""}
                        resetKey={resetKeys[name] ?? 0}
                        onChange={(html) => setValues((current) => ({ ...current, [name]: html }))}
                        disabled={isSaving}
                      />
                    ) : (
                      <Input
                        id={`content-${name}`}
                        name={name}
                        value={values[name] ?? ""}
                        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
                        disabled={isSaving}
                      />
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
