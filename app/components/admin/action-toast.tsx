import { toast } from "~/components/ui/toast";
import type { ToastMessage } from "~/lib/admin/action-result";

/**
 * Shows the toast an admin action answered with. Called by the screen's clientAction as
 * the answer arrives, not by the form that posted it: a save may unmount that form in the
 * same render its answer lands in (the revalidated page re-keys it), and the toast must
 * not depend on which render React commits first.
 */
export function showActionToast(result: unknown) {
  const message = typeof result === "object" && result !== null && "toast" in result ? (result as { toast?: ToastMessage }).toast : undefined;
  if (!message) return;
  const show = message.kind === "success" ? toast.success : toast.error;
  show(message.title, { description: message.description });
}
