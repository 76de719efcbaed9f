import { useEffect, useEffectEvent, useState } from "react";
import { toast } from "~/components/ui/toast";

/**
 * Loads an admin resource route's JSON while `url` is set (a plain fetch: it never
 * revalidates the page); on failure shows the spec's error toast and yields
 * `fallback`. Stale answers of an earlier url are dropped.
 */
export function useAdminJson<T>(url: string | null, { fallback, errorMessage }: { fallback: T; errorMessage: string }) {
  const [state, setState] = useState<{ url: string; data: T } | null>(null);
  const fail = useEffectEvent((failedUrl: string) => {
    setState({ url: failedUrl, data: fallback });
    toast.error("Error", { description: errorMessage });
  });
  useEffect(() => {
    if (!url) return;
    let isCurrent = true;
    fetch(url, { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<T>) : Promise.reject(new Error(String(response.status)))))
      .then((data) => isCurrent && setState({ url, data }))
      .catch(() => isCurrent && fail(url));
    return () => {
      isCurrent = false;
    };
  }, [url]);
  const isLoading = url !== null && state?.url !== url;
  return { data: state?.url === url ? state.data : null, isLoading };
}
