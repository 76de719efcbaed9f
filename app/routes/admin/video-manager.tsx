import { getInputProps } from "@conform-to/react";
import { Save } from "lucide-react";
import type { Route } from "./+types/video-manager";
import { adminClientAction, useAdminForm } from "~/components/admin/admin-form";
import { FormField } from "~/components/form-field";
import { ImageUrlField } from "~/components/admin/image-url-field";
import { TrailerPlayer } from "~/components/trailer-player";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { adminAction } from "~/lib/admin/admin-action.server";
import type { FailureToast } from "~/lib/admin/action-result";
import { versionOf } from "~/lib/admin/version";
import { requireStaff } from "~/lib/auth/guards.server";
import { VideoSettingsFormSchema } from "~/lib/settings/settings.schema";
import { getSiteSettings, saveSiteSettings } from "~/lib/settings/settings.server";

export { adminShouldRevalidate as shouldRevalidate } from "~/lib/admin/revalidation";

export const meta: Route.MetaFunction = () => [{ title: "Video Management | Admin" }];

const FAILURE: FailureToast = { title: "Update Failed", lead: "Could not save video settings. " };

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "video-manager");
  const settings = await getSiteSettings(["homepageVideoUrl", "homepageVideoThumbnailUrl"]);
  return { settings, version: versionOf(settings) };
}

export async function action(args: Route.ActionArgs) {
  return adminAction(args, {
    section: "video-manager",
    schema: VideoSettingsFormSchema,
    failure: FAILURE,
    run: async (input, admin) => {
      await saveSiteSettings({ homepageVideoUrl: input.homepageVideoUrl, homepageVideoThumbnailUrl: input.homepageVideoThumbnailUrl || null }, admin.id);
      return { title: "Settings Updated!", description: "Video settings have been saved successfully." };
    },
  });
}

export const clientAction = adminClientAction(FAILURE);

export default function VideoManager({ loaderData }: Route.ComponentProps) {
  const { settings, version } = loaderData;
  const { form, fields, fetcher, formProps, isSaving } = useAdminForm({
    id: `video-settings-${version}`,
    schema: VideoSettingsFormSchema,
    failure: FAILURE,
    defaultValue: { homepageVideoUrl: settings.homepageVideoUrl, homepageVideoThumbnailUrl: settings.homepageVideoThumbnailUrl ?? "" },
  });
  const videoUrl = fields.homepageVideoUrl.value ?? "";
  const thumbnailUrl = fields.homepageVideoThumbnailUrl.value ?? "";

  return (
    <div className="mx-auto grid max-w-6xl gap-6 lg:grid-cols-2">
      <div className="space-y-4">
        <h1 className="text-3xl font-extrabold">Video Management</h1>
        <Card>
          <CardHeader>
            <CardTitle>Homepage video</CardTitle>
          </CardHeader>
          <CardContent>
            <fetcher.Form key={form.id} {...formProps}>
              <fieldset disabled={isSaving} className="grid gap-4">
                <FormField
                  field={fields.homepageVideoUrl}
                  label="Video URL"
                  help="YouTube and Vimeo links play in their player; any other address plays as a plain video file."
                >
                  <Input
                    {...getInputProps(fields.homepageVideoUrl, { type: "url", ariaDescribedBy: fields.homepageVideoUrl.descriptionId })}
                    placeholder="https://www.youtube.com/watch?v=…"
                  />
                </FormField>
                <ImageUrlField
                  form={form}
                  field={fields.homepageVideoThumbnailUrl}
                  label="Thumbnail URL (optional)"
                  uploadLabel="Or upload a thumbnail"
                  target="video-thumbnail"
                  disabled={isSaving}
                />
                <Button type="submit" className="w-fit">
                  <Save aria-hidden="true" /> {isSaving ? "Saving..." : "Save Video Settings"}
                </Button>
              </fieldset>
            </fetcher.Form>
          </CardContent>
        </Card>
      </div>
      <Card className="h-fit lg:mt-12">
        <CardHeader>
          <CardTitle>Video Preview</CardTitle>
        </CardHeader>
        <CardContent>
          <TrailerPlayer videoUrl={videoUrl} thumbnailUrl={thumbnailUrl || null} title="Homepage video preview" creditsViews={false} />
        </CardContent>
      </Card>
    </div>
  );
}
