import { Link } from "react-router";
import type { Route } from "./+types/rehearsal-mailbox";
import { LocalTime } from "~/components/local-time";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { requireStaff } from "~/lib/auth/guards.server";
import { REHEARSAL_MAILBOX_MODE, REHEARSAL_MAILBOX_SECTION } from "~/lib/auth/roles";
import { REHEARSAL_MAILBOX_PATH } from "~/lib/launch/rehearsal";
import { MailboxPageQuery } from "~/lib/launch/rehearsal.schema";
import { listRehearsalMailbox } from "~/lib/launch/rehearsal-mailbox.server";
import { getSiteSetting } from "~/lib/settings/settings.server";

export { adminShouldRevalidate as shouldRevalidate } from "~/lib/admin/revalidation";

export const meta: Route.MetaFunction = () => [{ title: "Back-office Mailbox | Admin" }];

const PAGE_SIZE = 50;

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, REHEARSAL_MAILBOX_SECTION, REHEARSAL_MAILBOX_MODE);
  const { before } = MailboxPageQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [messages, isOn] = await Promise.all([listRehearsalMailbox(PAGE_SIZE + 1, before), getSiteSetting("rehearsalMode")]);
  const shown = messages.slice(0, PAGE_SIZE);
  return {
    isOn,
    isFirstPage: before === undefined,
    nextBefore: messages.length > PAGE_SIZE ? shown.at(-1)!.id : null,
    messages: shown.map((message) => ({ id: message.id, kind: message.kind, to: message.to, subject: message.subject, createdAt: new Date(message.createdAt).toISOString() })),
  };
}

export default function RehearsalMailbox({ loaderData }: Route.ComponentProps) {
  const { isOn, isFirstPage, nextBefore, messages } = loaderData;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <h1 className="text-3xl font-extrabold">Back-office Mailbox</h1>
      <p className="text-muted-foreground">
        Every e-mail the site would have sent during the rehearsal, kept here instead (newest first). Ending the rehearsal (Site Settings → Rehearsal) discards
        the rehearsal&apos;s own and sends on what real visitors caused meanwhile. Links in the messages are hidden: they would act for real members.
      </p>
      {!isOn && messages.length === 0 && <p className="rounded-xl border bg-card p-8 text-center text-muted-foreground">No rehearsal is running.</p>}
      {isOn && messages.length === 0 && <p className="rounded-xl border bg-card p-8 text-center text-muted-foreground">No e-mails yet.</p>}
      {messages.length > 0 && (
        <ul className="divide-y rounded-xl border bg-card" aria-label="Kept e-mails">
          {messages.map((message) => (
            <li key={message.id}>
              <Link
                to={`${REHEARSAL_MAILBOX_PATH}/${message.id}`}
                data-testid="rehearsal-mail"
                className="flex flex-col gap-1 px-4 py-3 hover:bg-muted sm:flex-row sm:items-center sm:gap-4"
              >
                <span className="font-semibold">{message.subject}</span>
                <span className="text-sm text-muted-foreground">to {message.to}</span>
                <Badge variant="outline">{message.kind.replaceAll("_", " ")}</Badge>
                <span className="text-xs text-muted-foreground sm:ml-auto">
                  <LocalTime value={message.createdAt} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-3">
        {!isFirstPage && (
          <Button asChild variant="outline">
            <Link to={REHEARSAL_MAILBOX_PATH}>Newest</Link>
          </Button>
        )}
        {nextBefore !== null && (
          <Button asChild variant="outline">
            <Link to={`${REHEARSAL_MAILBOX_PATH}?before=${nextBefore}`}>Older messages</Link>
          </Button>
        )}
      </div>
    </div>
  );
}
