import { Link } from "react-router";
import type { Route } from "./+types/mailbox";
import { requireDevMailboxAccess } from "~/lib/email/dev-mailbox.server";
import { listMailbox } from "~/lib/email/outbox.server";

export const handle = { chrome: "none" };
export const meta: Route.MetaFunction = () => [{ title: "Dev mailbox" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  requireDevMailboxAccess(context.clientIp);
  return { messages: await listMailbox() };
}

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">Dev mailbox</h1>
      <p className="mt-2 text-muted-foreground">
        Local mail mode: every e-mail the site sends lands here instead of a mail server. Only this machine can see it.
      </p>
      {loaderData.messages.length === 0 ? (
        <p className="mt-8 rounded-lg border bg-card p-6 text-center text-muted-foreground">No e-mails yet.</p>
      ) : (
        <ul className="mt-8 divide-y rounded-lg border bg-card">
          {loaderData.messages.map((message) => (
            <li key={message.id}>
              <Link to={`/dev/mailbox/${message.id}`} className="flex flex-col gap-1 px-4 py-3 hover:bg-muted sm:flex-row sm:items-center sm:gap-4">
                <span className="font-semibold">{message.subject}</span>
                <span className="text-sm text-muted-foreground">to {message.to}</span>
                <time className="text-xs text-muted-foreground sm:ml-auto" dateTime={new Date(message.createdAt).toISOString()}>
                  {new Date(message.createdAt).toLocaleString("en-US", { timeZone: "UTC" })} UTC
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
