import { data } from "react-router";
import { getEnv } from "../../kernel/env.server";

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** The dev mailbox exists only in local mail mode, and only for this machine. */
export function requireDevMailboxAccess(clientIp: string): void {
  if (!getEnv().isLocalMail || !LOOPBACK.test(clientIp)) throw data("Not Found", { status: 404 });
}
