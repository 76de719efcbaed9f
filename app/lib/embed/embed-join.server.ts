import { z } from "zod";
import { getEnv } from "../env.server";
import { referralLink } from "../referrals/share-links";
import { guardAgainstBots } from "../security/bot-guard.server";
import { signUpFromForm } from "../waitlist/signup.server";
import { JoinInputSchema } from "../waitlist/waitlist.schema";

export const EmbedJoinSchema = JoinInputSchema.extend({
  referralCode: z.string().trim().max(64).regex(/^[a-z0-9]*$/).optional().catch(undefined),
});

export type EmbedJoinResult = { status: "joined"; referralLink: string } | { status: "emailed" };

/**
 * A join from the form embedded on another website: the bot guard and the same per-network
 * limits as the site's form. The page it runs on is not ours, so a returning member is
 * e-mailed their link and the answer shows nobody's details.
 */
export async function joinFromEmbed(input: z.output<typeof EmbedJoinSchema>, request: { clientIp: string; userAgent: string | null }): Promise<EmbedJoinResult> {
  await guardAgainstBots({ form: "join", altcha: input.altcha, website: input.website, clientIp: request.clientIp });
  const result = await signUpFromForm({
    ...input,
    referralCode: input.referralCode || null,
    clientIp: request.clientIp,
    userAgent: request.userAgent,
    seen: { deviceMemberId: null, signedInEmail: null },
  });
  if (!result.isNewMember) return { status: "emailed" };
  return { status: "joined", referralLink: referralLink(getEnv().origin, result.member.referralCode) };
}
