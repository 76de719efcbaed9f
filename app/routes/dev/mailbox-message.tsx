import { data, Link } from "react-router";
import type { Route } from "./+types/mailbox-message";
import { requireDevMailboxAccess } from "~/lib/email/dev-mailbox.server";
import { getMailboxMessage } from "~/lib/email/outbox.server";

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

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** The text part with its links made clickable (the HTML part is shown sandboxed). */
function TextWithLinks({ text }: { text: string }) {
  return (
    <pre className="whitespace-pre-wrap break-words font-sans text-sm">
      {text.split(URL_PATTERN).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} className="font-semibold text-secondary underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </pre>
  );
}

export default function DevMailboxMessage({ loaderData }: Route.ComponentProps) {
  const { message } = loaderData;
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-10">
      <Link to="/dev/mailbox" className="text-sm font-semibold text-secondary underline-offset-4 hover:underline">
        ← All messages
      </Link>
      <h1 className="mt-4 text-2xl font-extrabold">{message.subject}</h1>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 text-sm text-muted-foreground">
        <dt>To</dt>
        <dd>{message.to}</dd>
        {message.replyTo && (
          <>
            <dt>Reply-To</dt>
            <dd>{message.replyTo}</dd>
          </>
        )}
        <dt>Status</dt>
        <dd>{message.status}</dd>
      </dl>
      <section aria-labelledby="text-part" className="mt-6 rounded-lg border bg-card p-4">
        <h2 id="text-part" className="mb-2 text-sm font-bold uppercase tracking-wide text-muted-foreground">Text</h2>
        <TextWithLinks text={message.text} />
      </section>
      <section aria-labelledby="html-part" className="mt-6">
        <h2 id="html-part" className="mb-2 text-sm font-bold uppercase tracking-wide text-muted-foreground">HTML</h2>
        <iframe title="HTML part" sandbox="" srcDoc={message.html} className="h-[480px] w-full rounded-lg border bg-white" />
      </section>
    </main>
  );
}
