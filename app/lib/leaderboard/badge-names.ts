import type { I18n } from "@lingui/core";
import type { Badge } from "./badges";

/** A badge's name in the reader's language (the spec's English names are the ids). */
export function badgeName(badge: Badge, i18n: I18n): string {
  switch (badge) {
    case "Verified User":
      return i18n._("Verified User");
    case "Referral Rockstar":
      return i18n._("Referral Rockstar");
    case "Super Sharer":
      return i18n._("Super Sharer");
    case "Community Champ":
      return i18n._("Community Champ");
    case "Early Bird":
      return i18n._("Early Bird");
  }
}
