import { useEffect } from "react";
import { toast } from "~/components/ui/toast";
import type { ToastMessage } from "~/lib/admin/action-result";

/** Shows the toast an admin action returned, once per response. */
export function useActionToast(result: { toast?: ToastMessage } | undefined) {
  useEffect(() => {
    const message = result?.toast;
    if (!message) return;
    const show = message.kind === "success" ? toast.success : toast.error;
    show(message.title, { description: message.description });
  }, [result]);
}
