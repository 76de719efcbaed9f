import { apiKeyActor } from "../../audit/actor";
import { AppError } from "../../../kernel/errors";
import { getWave, inviteWave, listWaves, previewWave, type WaveSummary } from "../../launch/waves.server";
import { defineEndpoint } from "../endpoint.server";
import { WaveBodySchema, WaveIdParams, WaveListQuery, WaveListSchema, WavePreviewSchema, WaveResultSchema, WaveSchema } from "../schemas";

// Waves of invitations (ADR 0049). An admin's e-mail (who sent a wave) stays on the staff screen.
function waveJson(wave: WaveSummary) {
  const { createdByEmail: _createdBy, createdAt, ...rest } = wave;
  return { ...rest, createdAt: createdAt.toISOString() };
}

// Preview and create first: the API test walks them in this order, and reads the wave created.
export const waveEndpoints = [
  defineEndpoint({
    method: "post",
    path: "/waves/preview",
    operationId: "previewWave",
    summary: "Count an audience before inviting it",
    description: "Changes nothing. An audience that names nobody (a tag nobody has, a season without confirmed winners, an unknown wave) is refused with 400 and the reason.",
    tag: "Waves",
    scope: "waves:read",
    body: WaveBodySchema,
    response: WavePreviewSchema,
    errors: [400],
    handle: async ({ body }) => {
      const { audience, description, count, alreadyInvited } = await previewWave(body.audience);
      return { audience, description, count, alreadyInvited };
    },
  }),
  defineEndpoint({
    method: "post",
    path: "/waves",
    operationId: "createWave",
    summary: "Invite a wave",
    description:
      "In one transaction: the wave, an invite for each member of the audience no wave invited before (the others are skipped and counted), one invite e-mail each (paced at the site's broadcast rate), a member.invited webhook each, and the audit entry under the key's name. Refused with nothing written when the audience names nobody (400) or only members already invited (409).",
    tag: "Waves",
    scope: "waves:write",
    body: WaveBodySchema,
    response: WaveResultSchema,
    status: 201,
    errors: [400, 409],
    handle: async ({ body }, { key }) => {
      const { wave, invited, skipped } = await inviteWave({ name: body.name, audience: body.audience }, apiKeyActor(key));
      return { wave: waveJson(wave), invited, skipped };
    },
  }),
  defineEndpoint({
    method: "get",
    path: "/waves",
    operationId: "listWaves",
    summary: "List waves, newest first, with their counts and redemption rate",
    tag: "Waves",
    scope: "waves:read",
    query: WaveListQuery,
    response: WaveListSchema,
    errors: [400],
    handle: async ({ query }) => {
      const waves = await listWaves({ limit: query.limit + 1, before: query.cursor });
      const page = waves.slice(0, query.limit);
      return { data: page.map(waveJson), nextCursor: waves.length > query.limit ? (page.at(-1)?.id ?? null) : null };
    },
  }),
  defineEndpoint({
    method: "get",
    path: "/waves/{id}",
    operationId: "getWave",
    summary: "A wave's status: invited, admitted, redemption rate",
    tag: "Waves",
    scope: "waves:read",
    params: WaveIdParams,
    response: WaveSchema,
    errors: [400, 404],
    handle: async ({ params }) => {
      const wave = await getWave(params.id);
      if (!wave) throw new AppError("NOT_FOUND", "No wave has this id.");
      return waveJson(wave);
    },
  }),
];
