import { Save } from "lucide-react";
import { useEffect, useState } from "react";
import { data, useFetcher } from "react-router";
import type { Route } from "./+types/social-share";
import { useActionToast, type ToastMessage } from "~/components/admin/action-toast";
import { ImageUpload } from "~/components/admin/image-upload";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { requireAdmin } from "~/lib/auth/guards.server";
import { log } from "~/lib/log.server";
import { formFields, SocialSettingsFormSchema } from "~/lib/settings/settings.schema";
import { SOCIAL_NETWORKS } from "~/lib/settings/settings-rules";
import { getSiteSettings, saveSiteSettings } from "~/lib/settings/settings.server";

export const meta: Route.MetaFunction = () => [{ title: "Social Share Settings | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return getSiteSettings(["socialSharingOgTitle", "socialSharingOgDescription", "socialSharingImageUrl", "socialSharingLinks"]);
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const parsed = SocialSettingsFormSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) {
    return data({ toast: { kind: "error", title: "Update Failed", description: "Could not save social sharing settings. The values are too long." } satisfies ToastMessage }, { status: 400 });
  }
  const { socialSharingOgTitle, socialSharingOgDescription, socialSharingImageUrl, ...links } = parsed.data;
  try {
    await saveSiteSettings(
      { socialSharingOgTitle, socialSharingOgDescription, socialSharingImageUrl: socialSharingImageUrl || null, socialSharingLinks: links },
      admin.id,
    );
    return data({ toast: { kind: "success", title: "Settings Updated!", description: "Social sharing settings saved." } satisfies ToastMessage });
  } catch (error) {
    log.error("social settings save failed", { requestId: context.requestId, error });
    return data({ toast: { kind: "error", title: "Update Failed", description: "Could not save social sharing settings. Please try again." } satisfies ToastMessage }, { status: 500 });
  }
}

const NETWORK_LABELS: Record<(typeof SOCIAL_NETWORKS)[number], string> = {
  facebook: "Facebook",
  twitter: "X (Twitter)",
  instagram: "Instagram",
  linkedin: "LinkedIn",
};

export default function SocialShare({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const isSaving = fetcher.state !== "idle";
  const [imageUrl, setImageUrl] = useState(loaderData.socialSharingImageUrl ?? "");
  useActionToast(fetcher.data);
  useEffect(() => setImageUrl(loaderData.socialSharingImageUrl ?? ""), [loaderData]);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-3xl font-extrabold">Social Share Settings</h1>
      <fetcher.Form method="post" noValidate>
        <fieldset disabled={isSaving} className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>Link preview</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <div className="grid gap-1.5">
                <Label htmlFor="socialSharingOgTitle">Share title</Label>
                <Input id="socialSharingOgTitle" name="socialSharingOgTitle" defaultValue={loaderData.socialSharingOgTitle} />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="socialSharingOgDescription">Share description</Label>
                <Textarea id="socialSharingOgDescription" name="socialSharingOgDescription" rows={3} defaultValue={loaderData.socialSharingOgDescription} />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="socialSharingImageUrl">Share image URL</Label>
                <Input id="socialSharingImageUrl" name="socialSharingImageUrl" value={imageUrl} onChange={(event) => setImageUrl(event.target.value)} aria-describedby="share-image-help" />
                <p id="share-image-help" className="text-sm text-muted-foreground">Recommended size: at least 1200x630 pixels.</p>
              </div>
              <ImageUpload target="social-image" label="Or upload a share image" onUploaded={setImageUrl} disabled={isSaving} />
              {imageUrl && <img src={imageUrl} alt="Share image preview" className="max-h-40 w-auto rounded border" />}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Social links</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              {SOCIAL_NETWORKS.map((network) => (
                <div key={network} className="grid gap-1.5">
                  <Label htmlFor={`social-${network}`}>{NETWORK_LABELS[network]}</Label>
                  <Input id={`social-${network}`} name={network} type="url" defaultValue={loaderData.socialSharingLinks[network]} placeholder="https://" />
                </div>
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
