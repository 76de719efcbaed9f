import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** Per-request nonce allowed by the Content-Security-Policy for inline scripts. */
    cspNonce: string;
    requestId: string;
    /** The client's address as the server saw it (for rate limits). */
    clientIp: string;
  }
}

export {};
