import { data, Link } from "react-router";
import type { Route } from "./+types/mailbox-message";
import { requireDevMailboxAccess } from "~/lib/email/dev-mailbox.server";
import { getMailboxMessage } from "~/lib/email/outbox.server";
import { MailboxMessageView } from "~/components/mailbox-message-view";

export const handle = { chrome: "none" };
export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: `${loaderData?.message.subject ?? "Message"} | Dev mailbox` },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  requireDevMailboxAccess(context.clientIp);
  const id = Number(params.id);
  const message = Number.isSafeInteger(id) ? await getMailboxMessage(id) : null;
  if (!message) throw data("Not Found", { status: 404 });
  return { message };
}

export default function DevMailboxMessage({ loaderData }: Route.ComponentProps) {
  const { message } = loaderData;
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-10">
      <Link to="/dev/mailbox" className="text-sm font-semibold text-secondary underline-offset-4 hover:underline">
        ← All messages
      </Link>
      <MailboxMessageView message={message} />
    </main>
  );
}
