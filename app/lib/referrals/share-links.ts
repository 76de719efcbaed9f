import type { I18n } from "@lingui/core";
import type { ShareChannel } from "../funnel/channels";

/** The channels that open a network's share page (the fifth, "copy", is the clipboard). */
export const SHARE_NETWORKS = ["facebook", "x", "linkedin", "email"] as const satisfies readonly ShareChannel[];
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

export type ShareTarget = { network: ShareNetwork; label: string; href: string };

const LABELS: Record<ShareNetwork, string> = { facebook: "Facebook", x: "X", linkedin: "LinkedIn", email: "Email" };

export function parseShareNetwork(value: unknown): ShareNetwork | null {
  return typeof value === "string" && (SHARE_NETWORKS as readonly string[]).includes(value) ? (value as ShareNetwork) : null;
}

/** A member's referral link; `via` names the channel it is shared through. */
export function referralLink(origin: string, referralCode: string, via?: ShareChannel): string {
  const link = `${origin}/?ref=${encodeURIComponent(referralCode)}`;
  return via ? `${link}&via=${via}` : link;
}

/** The network's own share URL, carrying the referral link, its message in the sharer's language. */
export function networkShareUrl(network: ShareNetwork, link: string, siteName: string, i18n: I18n): string {
  const message = i18n._("I just joined the {siteName} waitlist! Join with my link and we both earn bonus points:", { siteName });
  const encodedLink = encodeURIComponent(link);
  switch (network) {
    case "facebook":
      return `https://www.facebook.com/sharer/sharer.php?u=${encodedLink}`;
    case "x":
      return `https://twitter.com/intent/tweet?text=${encodeURIComponent(message)}&url=${encodedLink}`;
    case "linkedin":
      return `https://www.linkedin.com/sharing/share-offsite/?url=${encodedLink}`;
    case "email":
      return `mailto:?subject=${encodeURIComponent(i18n._("Join me on the {siteName} waitlist", { siteName }))}&body=${encodeURIComponent(`${message} ${link}`)}`;
  }
}

/**
 * The share buttons' links: our /share/<network> counts the click and sends the browser
 * on to the network with the referral link for that channel (no JavaScript needed).
 */
export function shareTargets(referralCode: string): ShareTarget[] {
  const query = new URLSearchParams({ code: referralCode });
  return SHARE_NETWORKS.map((network) => ({ network, label: LABELS[network], href: `/share/${network}?${query}` }));
}
