import { data } from "react-router";

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
