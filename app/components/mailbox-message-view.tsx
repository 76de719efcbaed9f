const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** The text part, its links clickable or not (the HTML part is shown sandboxed). */
function TextPart({ text, linksClickable }: { text: string; linksClickable: boolean }) {
  return (
    <pre className="whitespace-pre-wrap break-words font-sans text-sm">
      {linksClickable
        ? text.split(URL_PATTERN).map((part, index) =>
            index % 2 === 1 ? (
              <a key={index} href={part} className="font-semibold text-secondary underline">
                {part}
              </a>
            ) : (
              part
            ),
          )
        : text}
    </pre>
  );
}

export type ShownMessage = { subject: string; to: string; replyTo: string | null; status: string; text: string; html: string };

/**
 * One message as a mailbox shows it: the dev mailbox (local mail mode) and the back
 * office's during a rehearsal, whose links are not followed (they act for real members).
 */
export function MailboxMessageView({ message, linksClickable = true }: { message: ShownMessage; linksClickable?: boolean }) {
  return (
    <>
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
        <TextPart text={message.text} linksClickable={linksClickable} />
      </section>
      <section aria-labelledby="html-part" className="mt-6">
        <h2 id="html-part" className="mb-2 text-sm font-bold uppercase tracking-wide text-muted-foreground">HTML</h2>
        <iframe title="HTML part" sandbox="" srcDoc={message.html} className="h-[480px] w-full rounded-lg border bg-white" />
      </section>
    </>
  );
}
