import { useEffect, useState } from "react";
import { toast } from "sonner";

/**
 * Loads an admin resource route's JSON while `url` is set; on failure shows the
 * spec's error toast and yields `fallback`. Stale answers of an earlier url are dropped.
 */
export function useAdminJson<T>(url: string | null, { fallback, errorMessage }: { fallback: T; errorMessage: string }) {
  const [state, setState] = useState<{ url: string; data: T } | null>(null);
  useEffect(() => {
    if (!url) {
      setState(null); // closed: the next opening loads afresh
      return;
    }
    let isCurrent = true;
    fetch(url, { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<T>) : Promise.reject(new Error(String(response.status)))))
      .then((data) => isCurrent && setState({ url, data }))
      .catch(() => {
        if (!isCurrent) return;
        setState({ url, data: fallback });
        toast.error("Error", { description: errorMessage });
      });
    return () => {
      isCurrent = false;
    };
  }, [url]);
  const isLoading = url !== null && state?.url !== url;
  return { data: state?.url === url ? state.data : null, isLoading };
}
