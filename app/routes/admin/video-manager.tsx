import { Save } from "lucide-react";
import { useEffect, useState } from "react";
import { data, useFetcher } from "react-router";
import type { Route } from "./+types/video-manager";
import { useActionToast, type ToastMessage } from "~/components/admin/action-toast";
import { ImageUpload } from "~/components/admin/image-upload";
import { TrailerPlayer } from "~/components/trailer-player";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { requireAdmin } from "~/lib/auth/guards.server";
import { log } from "~/lib/log.server";
import { formFields, VideoSettingsFormSchema } from "~/lib/settings/settings.schema";
import { getSiteSettings, saveSiteSettings } from "~/lib/settings/settings.server";

export const meta: Route.MetaFunction = () => [{ title: "Video Management | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return getSiteSettings(["homepageVideoUrl", "homepageVideoThumbnailUrl"]);
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const parsed = VideoSettingsFormSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) {
    return data({ toast: { kind: "error", title: "Update Failed", description: "Could not save video settings. The values are too long." } satisfies ToastMessage }, { status: 400 });
  }
  try {
    await saveSiteSettings({ homepageVideoUrl: parsed.data.homepageVideoUrl, homepageVideoThumbnailUrl: parsed.data.homepageVideoThumbnailUrl || null }, admin.id);
    return data({ toast: { kind: "success", title: "Settings Updated!", description: "Video settings have been saved successfully." } satisfies ToastMessage });
  } catch (error) {
    log.error("video settings save failed", { requestId: context.requestId, error });
    return data({ toast: { kind: "error", title: "Update Failed", description: "Could not save video settings. Please try again." } satisfies ToastMessage }, { status: 500 });
  }
}

export default function VideoManager({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const isSaving = fetcher.state !== "idle";
  const [videoUrl, setVideoUrl] = useState(loaderData.homepageVideoUrl);
  const [thumbnailUrl, setThumbnailUrl] = useState(loaderData.homepageVideoThumbnailUrl ?? "");
  useActionToast(fetcher.data);
  useEffect(() => {
    setVideoUrl(loaderData.homepageVideoUrl);
    setThumbnailUrl(loaderData.homepageVideoThumbnailUrl ?? "");
  }, [loaderData]);

  return (
    <div className="mx-auto grid max-w-6xl gap-6 lg:grid-cols-2">
      <div className="space-y-4">
        <h1 className="text-3xl font-extrabold">Video Management</h1>
        <Card>
          <CardHeader>
            <CardTitle>Homepage video</CardTitle>
          </CardHeader>
          <CardContent>
            <fetcher.Form method="post" noValidate>
              <fieldset disabled={isSaving} className="grid gap-4">
                <div className="grid gap-1.5">
                  <Label htmlFor="homepageVideoUrl">Video URL</Label>
                  <Input id="homepageVideoUrl" name="homepageVideoUrl" type="url" value={videoUrl} onChange={(event) => setVideoUrl(event.target.value)} placeholder="https://www.youtube.com/watch?v=…" aria-describedby="video-url-help" />
                  <p id="video-url-help" className="text-sm text-muted-foreground">YouTube and Vimeo links play in their player; any other address plays as a plain video file.</p>
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor="homepageVideoThumbnailUrl">Thumbnail URL (optional)</Label>
                  <Input id="homepageVideoThumbnailUrl" name="homepageVideoThumbnailUrl" value={thumbnailUrl} onChange={(event) => setThumbnailUrl(event.target.value)} />
                </div>
                <ImageUpload target="video-thumbnail" label="Or upload a thumbnail" onUploaded={setThumbnailUrl} disabled={isSaving} />
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
