import type { Endpoint } from "./endpoint.server";
import { readEndpoints } from "./endpoints/reads.server";
import { leaderboardEndpoints } from "./endpoints/leaderboard.server";
import { memberEndpoints } from "./endpoints/members.server";
import { productEndpoints } from "./endpoints/products.server";
import { broadcastEndpoints } from "./endpoints/broadcasts.server";
import { waveEndpoints } from "./endpoints/waves.server";

/** Every /api/v1 operation: the router and the OpenAPI document both read this list. */
export const API_ENDPOINTS: Endpoint[] = [...memberEndpoints, ...leaderboardEndpoints, ...productEndpoints, ...waveEndpoints, ...broadcastEndpoints, ...readEndpoints];
