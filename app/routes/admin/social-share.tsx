import { getInputProps, getTextareaProps } from "@conform-to/react";
import { Save } from "lucide-react";
import type { Route } from "./+types/social-share";
import { adminClientAction, useAdminForm } from "~/components/admin/admin-form";
import { FormField } from "~/components/form-field";
import { ImageUrlField } from "~/components/admin/image-url-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { adminAction } from "~/lib/admin/admin-action.server";
import type { FailureToast } from "~/lib/admin/action-result";
import { versionOf } from "~/lib/admin/version";
import { requireStaff } from "~/lib/auth/guards.server";
import { SocialSettingsFormSchema } from "~/lib/settings/settings.schema";
import { SOCIAL_NETWORKS } from "~/lib/settings/settings-rules";
import { getSiteSettings, saveSiteSettings } from "~/lib/settings/settings.server";

export { adminShouldRevalidate as shouldRevalidate } from "~/lib/admin/revalidation";

export const meta: Route.MetaFunction = () => [{ title: "Social Share Settings | Admin" }];

const FAILURE: FailureToast = { title: "Update Failed", lead: "Could not save social sharing settings. " };

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "social-share");
  const settings = await getSiteSettings(["socialSharingOgTitle", "socialSharingOgDescription", "socialSharingImageUrl", "socialSharingLinks"]);
  return { settings, version: versionOf(settings) };
}

export async function action(args: Route.ActionArgs) {
  return adminAction(args, {
    section: "social-share",
    schema: SocialSettingsFormSchema,
    failure: FAILURE,
    run: async ({ socialSharingOgTitle, socialSharingOgDescription, socialSharingImageUrl, ...links }, admin) => {
      await saveSiteSettings(
        { socialSharingOgTitle, socialSharingOgDescription, socialSharingImageUrl: socialSharingImageUrl || null, socialSharingLinks: links },
        admin.id,
      );
      return { title: "Settings Updated!", description: "Social sharing settings saved." };
    },
  });
}

export const clientAction = adminClientAction(FAILURE);

const NETWORK_LABELS: Record<(typeof SOCIAL_NETWORKS)[number], string> = {
  facebook: "Facebook",
  twitter: "X (Twitter)",
  instagram: "Instagram",
  linkedin: "LinkedIn",
};

export default function SocialShare({ loaderData }: Route.ComponentProps) {
  const { settings, version } = loaderData;
  const { form, fields, fetcher, formProps, isSaving } = useAdminForm({
    id: `social-settings-${version}`,
    schema: SocialSettingsFormSchema,
    failure: FAILURE,
    defaultValue: {
      socialSharingOgTitle: settings.socialSharingOgTitle,
      socialSharingOgDescription: settings.socialSharingOgDescription,
      socialSharingImageUrl: settings.socialSharingImageUrl ?? "",
      ...settings.socialSharingLinks,
    },
  });
  const imageUrl = fields.socialSharingImageUrl.value ?? "";

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-3xl font-extrabold">Social Share Settings</h1>
      <fetcher.Form key={form.id} {...formProps}>
        <fieldset disabled={isSaving} className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>Link preview</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <FormField field={fields.socialSharingOgTitle} label="Share title">
                <Input {...getInputProps(fields.socialSharingOgTitle, { type: "text" })} />
              </FormField>
              <FormField field={fields.socialSharingOgDescription} label="Share description">
                <Textarea {...getTextareaProps(fields.socialSharingOgDescription)} rows={3} />
              </FormField>
              <ImageUrlField
                form={form}
                field={fields.socialSharingImageUrl}
                label="Share image URL"
                help="Recommended size: at least 1200x630 pixels."
                uploadLabel="Or upload a share image"
                target="social-image"
                disabled={isSaving}
              />
              {imageUrl && <img src={imageUrl} alt="Share image preview" className="max-h-40 w-auto rounded border" />}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Social links</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              {SOCIAL_NETWORKS.map((network) => (
                <FormField key={network} field={fields[network]} label={NETWORK_LABELS[network]}>
                  <Input {...getInputProps(fields[network], { type: "url" })} placeholder="https://" />
                </FormField>
              ))}
            </CardContent>
          </Card>
          <Button type="submit" size="lg">
            <Save aria-hidden="true" /> {isSaving ? "Saving..." : "Save Social Settings"}
          </Button>
        </fieldset>
      </fetcher.Form>
    </div>
  );
}
