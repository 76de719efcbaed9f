import type { ChromeHandle } from "~/lib/route-chrome";
import { data } from "react-router";

// Nothing here needs a script: the page ships no JavaScript (ADR 0024).
export const handle: ChromeHandle = { hydrate: false };

// The catch-all route: answer 404 and let the root error boundary show '404 Lost?'.
export function loader() {
  throw data(null, { status: 404 });
}

export function action() {
  throw data(null, { status: 404 });
}

// A UI route (not a resource route), so the thrown 404 renders the root error boundary.
export default function NotFound() {
  return null;
}
