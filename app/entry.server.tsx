import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import { DatabaseOutageContext } from "./lib/database-outage";
import { DATABASE_DOWN_RETRY_SECONDS, isDatabaseUnavailable, requestsWithDatabaseOutage } from "./lib/database-unavailable.server";
import { log } from "./kernel/log.server";
import { requestLanguage } from "./lib/i18n/request-language.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // One address, a page per language (issue 31): caches keep them apart by what chose it.
  responseHeaders.set("Content-Language", requestLanguage(request));
  responseHeaders.append("Vary", "Accept-Language, Cookie");
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;
  if (responseStatusCode >= 500 && requestsWithDatabaseOutage.has(request)) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", String(DATABASE_DOWN_RETRY_SECONDS));
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <DatabaseOutageContext.Provider value={requestsWithDatabaseOutage.has(request)}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </DatabaseOutageContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error("render failed", { requestId: loadContext.requestId, error });
        },
      },
    );
  });
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isDatabaseUnavailable(error)) {
    requestsWithDatabaseOutage.add(request);
    log.warn("database unavailable", { requestId: (context as AppLoadContext | undefined)?.requestId, path: new URL(request.url).pathname, error });
    return;
  }
  log.error("unhandled error", {
    requestId: (context as AppLoadContext | undefined)?.requestId,
    path: new URL(request.url).pathname,
    error,
  });
};
