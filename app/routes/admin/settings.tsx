import { Save, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { data, useFetcher } from "react-router";
import type { Route } from "./+types/settings";
import { useActionToast, type ToastMessage } from "~/components/admin/action-toast";
import { ImageUpload } from "~/components/admin/image-upload";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { requireAdmin } from "~/lib/auth/guards.server";
import { log } from "~/lib/log.server";
import { applyBrandColor } from "~/lib/settings/brand-color";
import { formFields, SiteSettingsFormSchema } from "~/lib/settings/settings.schema";
import {
  DEFAULT_BRAND_COLOR,
  DEFAULT_LOGO_URL,
  editSessionTimeoutInput,
  isHexColor,
  parseSessionTimeoutMinutes,
} from "~/lib/settings/settings-rules";
import { getSiteSettings, saveSiteSettings } from "~/lib/settings/settings.server";

export const meta: Route.MetaFunction = () => [{ title: "Site Settings | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return getSiteSettings(["leaderboardVisible", "brandLogoUrl", "primaryBrandColor", "sessionTimeoutMinutes"]);
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const parsed = SiteSettingsFormSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) {
    return data({ toast: { kind: "error", title: "Update Failed", description: "Could not save site settings. Please check the values." } satisfies ToastMessage }, { status: 400 });
  }
  try {
    await saveSiteSettings(
      { ...parsed.data, sessionTimeoutMinutes: parseSessionTimeoutMinutes(parsed.data.sessionTimeoutMinutes) },
      admin.id,
    );
    return data({ toast: { kind: "success", title: "Settings Updated!", description: "Site settings have been saved successfully." } satisfies ToastMessage });
  } catch (error) {
    log.error("site settings save failed", { requestId: context.requestId, error });
    return data({ toast: { kind: "error", title: "Update Failed", description: "Could not save site settings. Please try again." } satisfies ToastMessage }, { status: 500 });
  }
}


export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const isSaving = fetcher.state !== "idle";
  const [isVisible, setIsVisible] = useState(loaderData.leaderboardVisible);
  const [logoUrl, setLogoUrl] = useState(loaderData.brandLogoUrl);
  const [color, setColor] = useState(loaderData.primaryBrandColor);
  const [timeout, setTimeoutText] = useState(String(loaderData.sessionTimeoutMinutes));
  useActionToast(fetcher.data);

  // A successful save reloads the settings (the loader revalidates): show what was stored.
  useEffect(() => {
    setIsVisible(loaderData.leaderboardVisible);
    setLogoUrl(loaderData.brandLogoUrl);
    setColor(loaderData.primaryBrandColor);
    setTimeoutText(String(loaderData.sessionTimeoutMinutes));
  }, [loaderData]);

  function changeColor(value: string) {
    setColor(value);
    // Spec §4: the page recolours at once, before anything is saved.
    applyBrandColor(value);
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-3xl font-extrabold">Site Settings</h1>
      <fetcher.Form method="post" className="space-y-6">
        <fieldset disabled={isSaving} className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>Feature Visibility</CardTitle>
            </CardHeader>
            <CardContent>
              <div className="flex items-center justify-between gap-4">
                <div>
                  <Label htmlFor="leaderboardVisible">Leaderboard Visible</Label>
                  <p id="leaderboard-visible-help" className="text-sm text-muted-foreground">Show the public leaderboard page and its menu entry.</p>
                </div>
                <Switch
                  id="leaderboardVisible"
                  name="leaderboardVisible"
                  checked={isVisible}
                  onCheckedChange={setIsVisible}
                  aria-describedby="leaderboard-visible-help"
                />
              </div>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Brand Logo &amp; Colors</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <div className="grid gap-1.5">
                <Label htmlFor="brandLogoUrl">Logo URL</Label>
                <Input id="brandLogoUrl" name="brandLogoUrl" value={logoUrl} onChange={(event) => setLogoUrl(event.target.value)} />
              </div>
              <ImageUpload target="logo" label="Upload a logo (PNG, JPG, JPEG, GIF or SVG)" onUploaded={setLogoUrl} disabled={isSaving} />
              <div className="flex items-center gap-4">
                <div>
                  <p className="text-sm font-semibold">Current logo</p>
                  <img src={logoUrl.trim() || DEFAULT_LOGO_URL} alt="Current logo preview" className="mt-1 h-14 w-auto rounded border bg-white p-1" />
                </div>
                <Button type="button" variant="outline" size="sm" onClick={() => setLogoUrl("")}>
                  <Trash2 aria-hidden="true" /> Remove logo
                </Button>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="primaryBrandColor">Primary brand color</Label>
                <div className="flex items-center gap-2">
                  <input
                    type="color"
                    aria-label="Pick the primary brand color"
                    value={isHexColor(color) && color.length === 7 ? color : DEFAULT_BRAND_COLOR}
                    onChange={(event) => changeColor(event.target.value.toUpperCase())}
                    className="h-10 w-14 cursor-pointer rounded border"
                  />
                  <Input id="primaryBrandColor" name="primaryBrandColor" value={color} placeholder={DEFAULT_BRAND_COLOR} onChange={(event) => changeColor(event.target.value)} className="w-36 font-mono" />
                </div>
              </div>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Session Management</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-1.5">
              <Label htmlFor="sessionTimeoutMinutes">Session Timeout (minutes)</Label>
              <Input
                id="sessionTimeoutMinutes"
                name="sessionTimeoutMinutes"
                type="number"
                min={1}
                value={timeout}
                onChange={(event) => setTimeoutText(editSessionTimeoutInput(event.target.value))}
                aria-describedby="session-timeout-help"
                className="w-36"
              />
              <p id="session-timeout-help" className="text-sm text-muted-foreground">
                Signed-in users are logged out after this many minutes of inactivity. 0 or empty means no timeout (not
                recommended); an empty box is saved as the default of 30 minutes.
              </p>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Legal &amp; Compliance</CardTitle>
              <CardDescription>The pages visitors agree to when they join.</CardDescription>
            </CardHeader>
            <CardContent className="flex gap-4">
              <a href="/terms" target="_blank" rel="noopener" className="font-semibold text-secondary underline">Terms of Service</a>
              <a href="/privacy" target="_blank" rel="noopener" className="font-semibold text-secondary underline">Privacy Policy</a>
            </CardContent>
          </Card>

          <Button type="submit" size="lg">
            <Save aria-hidden="true" /> {isSaving ? "Saving..." : "Save All Settings"}
          </Button>
        </fieldset>
      </fetcher.Form>
    </div>
  );
}
