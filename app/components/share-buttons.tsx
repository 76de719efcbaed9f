import { useLingui } from "@lingui/react";
import { Copy, Mail } from "lucide-react";
import { FacebookIcon, LinkedinIcon, XIcon } from "~/components/icons/brand-icons";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { shareTargets, type ShareTarget } from "~/lib/referrals/share-links";

const ICONS: Record<ShareTarget["network"], React.ComponentType<{ className?: string }>> = {
  facebook: FacebookIcon,
  x: XIcon,
  linkedin: LinkedinIcon,
  email: Mail,
};

/** Counts a copy for the funnel report; a failure to count never bothers the member. */
function countCopy() {
  fetch("/share/copy", { method: "POST", keepalive: true }).catch(() => {});
}

export function ReferralLinkBox({ link }: { link: string }) {
  const { i18n } = useLingui();
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(i18n._("Link Copied!"), { description: i18n._("Your referral link is ready to share.") });
      countCopy();
    } catch {
      toast.error(i18n._("Copy Failed"), { description: i18n._("Select the link and copy it yourself.") });
    }
  }
  return (
    <div className="space-y-2">
      <Label htmlFor="referral-link">{i18n._("Your referral link")}</Label>
      {/* On a phone the link gets the whole width and the button goes under it. */}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input id="referral-link" readOnly value={link} onFocus={(event) => event.currentTarget.select()} className="font-mono" />
        <Button type="button" onClick={copy}>
          <Copy aria-hidden="true" /> {i18n._("Copy Link")}
        </Button>
      </div>
    </div>
  );
}

export function ShareButtons({ referralCode }: { referralCode: string }) {
  const { i18n } = useLingui();
  return (
    <ul className="flex flex-wrap gap-2" aria-label={i18n._("Share your link")}>
      {shareTargets(referralCode).map((target) => {
        const Icon = ICONS[target.network];
        // E-mail opens the mail app: a new tab would stay blank.
        const opensTab = target.network !== "email";
        return (
          <li key={target.network}>
            <Button asChild variant="outline">
              <a href={target.href} target={opensTab ? "_blank" : undefined} rel="noopener noreferrer nofollow">
                <Icon aria-hidden="true" /> {target.network === "email" ? i18n._("Email") : target.label}
              </a>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
