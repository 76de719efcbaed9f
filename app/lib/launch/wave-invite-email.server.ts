import { sql } from "drizzle-orm";
import type { QueuedWaveInviteData } from "../../../db/schema";
import { parentFooter } from "../consent/revoke-link.server";
import { crewNameOf } from "../crew-names/crew-name";
import { db } from "../../kernel/db.server";
import { getEnv } from "../../kernel/env.server";
import { i18nFor } from "../i18n/catalogs.server";
import type { Language } from "../../kernel/i18n/languages";
import { inviteUrl } from "./invite-code.server";
import { renderWaveInviteEmail } from "./wave-invite-email";

/** A queued invitation as it goes out: the member's crew name now, and their own invite link. */
export async function prepareWaveInviteEmail({ memberId, waveId }: QueuedWaveInviteData): Promise<{ subject: string; html: string; text: string }> {
  const result = await db.execute<{ crew_name_roll: number; parent_consented: boolean; language: Language }>(sql`
    select crew_name_roll, language, consent_method is not distinct from 'parent_email_plus' as parent_consented from waitlist_users where id = ${memberId}`);
  const member = result.rows[0];
  if (!member) throw new Error("the invited member is no longer on the waitlist");
  const i18n = i18nFor(member.language);
  return renderWaveInviteEmail({
    i18n,
    siteName: getEnv().SITE_NAME,
    crewName: crewNameOf(memberId, Number(member.crew_name_roll)),
    inviteUrl: inviteUrl({ memberId, waveId }),
    footer: member.parent_consented ? parentFooter(memberId, i18n) : undefined,
  });
}
