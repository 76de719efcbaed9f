export type ShareTarget = { network: "facebook" | "x" | "linkedin" | "email"; label: string; href: string };

export function referralLink(origin: string, referralCode: string): string {
  return `${origin}/?ref=${encodeURIComponent(referralCode)}`;
}

/** Share URLs for the thank-you page's buttons, each carrying the referral link. */
export function shareTargets(link: string, siteName: string): ShareTarget[] {
  const message = `I just joined the ${siteName} waitlist! Join with my link and we both earn bonus points:`;
  const encodedLink = encodeURIComponent(link);
  return [
    { network: "facebook", label: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${encodedLink}` },
    { network: "x", label: "X", href: `https://twitter.com/intent/tweet?text=${encodeURIComponent(message)}&url=${encodedLink}` },
    { network: "linkedin", label: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${encodedLink}` },
    {
      network: "email",
      label: "Email",
      href: `mailto:?subject=${encodeURIComponent(`Join me on the ${siteName} waitlist`)}&body=${encodeURIComponent(`${message} ${link}`)}`,
    },
  ];
}
