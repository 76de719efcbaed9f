import { data, Link } from "react-router";
import type { Route } from "./+types/rehearsal-mailbox-message";
import { MailboxMessageView } from "~/components/mailbox-message-view";
import { requireStaff } from "~/lib/auth/guards.server";
import { REHEARSAL_MAILBOX_MODE, REHEARSAL_MAILBOX_SECTION } from "~/lib/auth/roles";
import { REHEARSAL_MAILBOX_PATH } from "~/lib/launch/rehearsal";
import { getRehearsalMailboxMessage } from "~/lib/launch/rehearsal-mailbox.server";

export { adminShouldRevalidate as shouldRevalidate } from "~/lib/admin/revalidation";

export const meta: Route.MetaFunction = ({ data: loaderData }) => [{ title: `${loaderData?.message.subject ?? "Message"} | Back-office Mailbox` }];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, REHEARSAL_MAILBOX_SECTION, REHEARSAL_MAILBOX_MODE);
  const id = Number(params.id);
  const message = Number.isSafeInteger(id) && id > 0 ? await getRehearsalMailboxMessage(id) : null;
  if (!message) throw data("Not Found", { status: 404 });
  return { message: { subject: message.subject, to: message.to, replyTo: message.replyTo, status: message.status === "sent" ? "kept (not sent)" : message.status, text: message.text, html: message.html } };
}

export default function RehearsalMailboxMessage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl">
      <Link to={REHEARSAL_MAILBOX_PATH} className="text-sm font-semibold text-secondary underline-offset-4 hover:underline">
        ← All kept messages
      </Link>
      <MailboxMessageView message={loaderData.message} linksClickable={false} />
    </div>
  );
}
