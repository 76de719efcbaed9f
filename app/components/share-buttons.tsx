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
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      toast.success("Link Copied!", { description: "Your referral link is ready to share." });
      countCopy();
    } catch {
      toast.error("Copy Failed", { description: "Select the link and copy it yourself." });
    }
  }
  return (
    <div className="space-y-2">
      <Label htmlFor="referral-link">Your referral link</Label>
      {/* On a phone the link gets the whole width and the button goes under it. */}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input id="referral-link" readOnly value={link} onFocus={(event) => event.currentTarget.select()} className="font-mono" />
        <Button type="button" onClick={copy}>
          <Copy aria-hidden="true" /> Copy Link
        </Button>
      </div>
    </div>
  );
}

export function ShareButtons({ referralCode }: { referralCode: string }) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Share your link">
      {shareTargets(referralCode).map((target) => {
        const Icon = ICONS[target.network];
        // E-mail opens the mail app: a new tab would stay blank.
        const opensTab = target.network !== "email";
        return (
          <li key={target.network}>
            <Button asChild variant="outline">
              <a href={target.href} target={opensTab ? "_blank" : undefined} rel="noopener noreferrer nofollow">
                <Icon aria-hidden="true" /> {target.label}
              </a>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
