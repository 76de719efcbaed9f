import "react-router";
import type { JoinAnswer } from "~/lib/waitlist/join/join-answer.server";

declare module "react-router" {
  interface AppLoadContext {
    /** Per-request nonce allowed by the Content-Security-Policy for inline scripts. */
    cspNonce: string;
    requestId: string;
    /**
     * The client's exact address: the socket's peer, or what the proxies TRUST_PROXY names
     * forwarded. Rate limits count it by network (networkKeyOf, where each key is built);
     * loopback checks (/metrics, /dev/mailbox) use it as it is.
     */
    clientIp: string;
    /**
     * A waitlist post the join's Express route (server/join-route.ts) already answered with
     * a refusal that shows the form again: the action renders it and must not join again.
     */
    joinAnswer?: JoinAnswer;
  }
}

export {};
