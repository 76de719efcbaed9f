import { REHEARSAL_MAILBOX_PATH } from "~/lib/launch/rehearsal";

/** On every page for signed-in staff while a rehearsal runs (ADR 0051); visitors and members never see it. */
export function RehearsalBanner() {
  return (
    <div data-testid="rehearsal-banner" className="border-b border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm font-semibold text-amber-950">
      Rehearsal mode is on: no e-mail leaves the site and only test webhooks fire.{" "}
      <a href={REHEARSAL_MAILBOX_PATH} className="underline underline-offset-2">
        Open the back-office mailbox
      </a>
    </div>
  );
}
