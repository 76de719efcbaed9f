import { Eye, MailPlus, PackageCheck } from "lucide-react";
import { useFetcher } from "react-router";
import { LocalTime } from "~/components/local-time";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { AdminActionResult } from "~/lib/admin/action-result";
import { CLAIM_STATUS_LABEL, type ClaimStatus } from "~/lib/prizes/claim-status";
import type { ShippingAddress } from "~/lib/prizes/prize-claim.schema";
import { seasonParamOf } from "~/lib/seasons/season-calendar";

export type PrizeClaimView = { memberId: string; status: ClaimStatus; hasAddress: boolean; linkExpiresAt: string; isLinkExpired: boolean; shippedAt: string | null };


function addressOf(result: AdminActionResult | undefined): ShippingAddress | undefined {
  const value = result?.ok ? (result.value as { address?: ShippingAddress } | undefined) : undefined;
  return value?.address;
}

/** A winner's claim on Admin → Seasons: its status, and for owners and admins Reveal (audited), Mark shipped and Send a new link. */
export function PrizeClaimCell({ season, claim, nickname, canManage }: { season: string; claim: PrizeClaimView; nickname: string; canManage: boolean }) {
  const reveal = useFetcher<AdminActionResult>();
  const ship = useFetcher<AdminActionResult>();
  const resend = useFetcher<AdminActionResult>();
  const isOpen = claim.status === "unclaimed" || claim.status === "waiting_for_consent";
  const address = addressOf(reveal.data);
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="season" value={seasonParamOf(season)} />
      <input type="hidden" name="memberId" value={claim.memberId} />
    </>
  );
  return (
    <div className="space-y-2" data-testid="prize-claim">
      <Badge variant={claim.status === "claimed" || claim.status === "shipped" ? "default" : "outline"} data-testid="prize-claim-status">
        {CLAIM_STATUS_LABEL[claim.status]}
      </Badge>
      {isOpen && (
        <p className="text-xs text-muted-foreground" data-testid="claim-link-expiry">
          {claim.isLinkExpired ? "Link ran out " : "Link works until "}
          <LocalTime value={claim.linkExpiresAt} />
        </p>
      )}
      {claim.status === "shipped" && claim.shippedAt && (
        <p className="text-xs text-muted-foreground">
          Shipped <LocalTime value={claim.shippedAt} />
          {claim.hasAddress ? "; the address is deleted 30 days later." : "; address deleted."}
        </p>
      )}
      {canManage && (
        <div className="flex flex-wrap gap-2">
          {claim.hasAddress && (
            <reveal.Form method="post">
              {hidden("reveal-address")}
              <Button type="submit" size="sm" variant="outline" disabled={reveal.state !== "idle"} aria-label={`Reveal the shipping address of ${nickname}`}>
                <Eye aria-hidden="true" /> Reveal address
              </Button>
            </reveal.Form>
          )}
          {isOpen && (
            <resend.Form method="post">
              {hidden("resend-claim-link")}
              <Button type="submit" size="sm" variant="outline" disabled={resend.state !== "idle"} aria-label={`Send ${nickname} a new claim link`}>
                <MailPlus aria-hidden="true" /> Send a new link
              </Button>
            </resend.Form>
          )}
          {claim.status === "claimed" && (
            <ship.Form method="post">
              {hidden("mark-shipped")}
              <Button type="submit" size="sm" disabled={ship.state !== "idle"} aria-label={`Mark the prize of ${nickname} shipped`}>
                <PackageCheck aria-hidden="true" /> Mark shipped
              </Button>
            </ship.Form>
          )}
        </div>
      )}
      {address && (
        <address role="status" className="rounded-xl border-2 border-primary bg-primary/10 p-2 text-sm not-italic" data-testid="shipping-address">
          {[address.deliveryName, address.addressLine1, address.addressLine2, [address.postalCode, address.city].filter(Boolean).join(" "), address.region, address.country]
            .filter(Boolean)
            .map((line, index) => (
              <span key={index} className="block">
                {line}
              </span>
            ))}
        </address>
      )}
    </div>
  );
}
