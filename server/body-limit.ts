import type { IncomingMessage, ServerResponse } from "node:http";
import { MAX_IMPORT_FILE_BYTES } from "~/lib/imports/csv-upload.server";
import { MAX_UPLOAD_BYTES } from "~/lib/storage/storage.server";
import { sendRefusal, type Guard, type Refusal } from "./guards";

/** Forms and JSON: far above any of our forms, far below what hurts the server. */
export const MAX_BODY_BYTES = 64 * 1024;
/** An upload is one image plus the multipart envelope and the target field. */
export const MAX_UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;

/** A CSV of members to import, streamed (never buffered) by its route. */
export const MAX_IMPORT_BODY_BYTES = MAX_IMPORT_FILE_BYTES + 64 * 1024;

/** The Waitlist Emails screen takes a CSV upload (multipart) besides its small forms. */
const IMPORT_PATHS = new Set(["/admin/waitlist-emails", "/admin/waitlist-emails.data"]);
const UPLOAD_PATHS = new Set(["/api/uploads"]);
const TOO_LARGE: Refusal = { status: 413, text: "Request body too large.", closeConnection: true };
// A client that keeps sending after its 413 is cut off this long after the answer.
const CUT_OFF_AFTER_MS = 1_000;

export function bodyLimitFor(path: string, contentType = ""): number {
  const trimmed = path.replace(/\/+$/, "");
  if (IMPORT_PATHS.has(trimmed) && /^multipart\/form-data/i.test(contentType)) return MAX_IMPORT_BODY_BYTES;
  return UPLOAD_PATHS.has(trimmed) ? MAX_UPLOAD_BODY_BYTES : MAX_BODY_BYTES;
}

class PayloadTooLargeError extends Error {}

/** Whatever is still in flight is read and dropped (never buffered), then the socket goes. */
function dropTheRest(req: IncomingMessage, res: ServerResponse) {
  req.resume();
  res.once("finish", () => setTimeout(() => req.socket.destroy(), CUT_OFF_AFTER_MS).unref());
}

function answerTooLarge(req: IncomingMessage, res: ServerResponse) {
  sendRefusal(res, TOO_LARGE);
  dropTheRest(req, res);
}

/**
 * 413 for a body over the path's limit, before the app parses it: at once from
 * Content-Length, and by counting the streamed bytes for a chunked body (or a lying
 * Content-Length). Once over, the app's read of the body fails (so an action sees an
 * unreadable, i.e. empty, form and changes nothing) and the client gets the 413.
 * Last of the guards: the count listener and the handler's own body reader are attached
 * in the same tick, so both see every chunk.
 */
export const bodyLimitGuard: Guard = (req, res, state) => {
  if (req.method === "GET" || req.method === "HEAD") return;
  const limit = bodyLimitFor(state.path, req.headers["content-type"]);
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) {
    dropTheRest(req, res);
    return TOO_LARGE;
  }
  let received = 0;
  const count = (chunk: Buffer) => {
    received += chunk.byteLength;
    if (received <= limit) return;
    req.off("data", count);
    answerTooLarge(req, res);
    // The app's body stream errors instead of seeing a truncated (but parseable) body.
    if (req.listenerCount("error") > 0) req.emit("error", new PayloadTooLargeError(TOO_LARGE.text));
  };
  req.on("data", count);
};
