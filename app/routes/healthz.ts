// Liveness: the process serves requests (it touches nothing else, so a database outage
// never gets a healthy process restarted).
export function loader() {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
