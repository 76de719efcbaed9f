import type { FlashMessage } from "~/lib/flash-messages";
import { cn } from "~/lib/utils";

/**
 * A one-time notice on a page that ships no script, where no toast can appear: the same
 * words in the toast's corner, fading out after the toast's five seconds (CSS only).
 */
export function FlashBanner({ message }: { message: FlashMessage }) {
  return (
    <div
      role={message.tone === "error" ? "alert" : "status"}
      className={cn(
        "flash-banner fixed bottom-4 right-4 z-50 max-w-[calc(100vw-2rem)] rounded-xl border px-4 py-3 shadow-lg sm:w-80",
        message.tone === "error" ? "border-destructive/40 bg-red-50 text-red-900" : "border-green-700/30 bg-green-50 text-green-900",
      )}
    >
      <p className="font-bold">{message.title}</p>
      <p className="text-sm">{message.description}</p>
    </div>
  );
}
