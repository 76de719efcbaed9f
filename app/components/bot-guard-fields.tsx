import type {} from "altcha/types/react";
import { useId } from "react";
import type { BotGuard } from "~/components/use-bot-guard";
import { BOT_CHALLENGE_PATH } from "~/lib/security/bot-challenge";

/**
 * The bot guard's fields inside a form: a honeypot people never see (off-screen, out of
 * the tab order and hidden from assistive tech; bots fill a field named `website`), and
 * the hidden ALTCHA widget, which solves its challenge in the background and adds the
 * `altcha` field. `solveOn` "load" suits a page that is only the form (/login); "focus"
 * a form on a page most visitors only read.
 */
export function BotGuardFields({
  isWidgetLoaded,
  attachWidget,
  solveOn,
}: Pick<BotGuard, "isWidgetLoaded" | "attachWidget"> & { solveOn: "load" | "focus" }) {
  const honeypotId = useId();
  return (
    <>
      <div aria-hidden="true" className="absolute -left-[10000px] top-0 size-px overflow-hidden">
        <label htmlFor={honeypotId}>Website</label>
        <input id={honeypotId} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      {isWidgetLoaded && (
        <altcha-widget ref={attachWidget} challenge={BOT_CHALLENGE_PATH} auto={solveOn === "load" ? "onload" : "onfocus"} name="altcha" hidden />
      )}
    </>
  );
}
