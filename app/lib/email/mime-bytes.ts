import * as base64 from "nodemailer/lib/base64";
import type MimeNode from "nodemailer/lib/mime-node";
import * as qp from "nodemailer/lib/qp";

/**
 * A message nodemailer composed (a MailComposer's tree), written out at once: the same bytes
 * as nodemailer's own `build()`, without its chain of streams per part, which cost the
 * broadcast sender more CPU than everything else it does (ADR 0072). Only a tree whose
 * contents are all strings or buffers can be written so; null for any other (a file, a URL,
 * a stream), which nodemailer then builds as usual.
 */
export function mimeBytes(node: MimeNode): Buffer | null {
  const chunks: string[] = [];
  if (!write(node, chunks)) return null;
  let message = chunks.join("");
  // As nodemailer's last stage: the message ends with a line break.
  if (!message.endsWith("\n")) message += message.endsWith("\r") ? "\n" : "\r\n";
  return Buffer.from(message, "utf8");
}

function write(node: MimeNode, chunks: string[]): boolean {
  const content = node.content;
  if (content !== undefined && typeof content !== "string" && !Buffer.isBuffer(content)) return false;
  chunks.push(node.buildHeaders() + "\r\n\r\n");
  if (content !== undefined && content !== "") chunks.push(encoded(node, content));
  if (!node.multipart) return true;
  for (const [index, child] of node.childNodes.entries()) {
    chunks.push(`${index > 0 ? "\r\n" : ""}--${String(node.boundary)}\r\n`);
    if (!write(child, chunks)) return false;
  }
  chunks.push(`\r\n--${String(node.boundary)}--\r\n`);
  return true;
}

function encoded(node: MimeNode, content: string | Buffer): string {
  switch (node.getTransferEncoding()) {
    case "quoted-printable":
      return qp.wrap(qp.encode(content), 76);
    case "base64":
      return base64.wrap(base64.encode(content), 76);
    default:
      return content.toString();
  }
}
