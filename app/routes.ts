import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/_index.tsx"),
  route("trailer", "routes/trailer.tsx"),
  route("join-waitlist", "routes/join-waitlist.tsx"),
  route("leaderboard", "routes/leaderboard.tsx"),
  route("rewards", "routes/rewards.tsx"),
  route("faq", "routes/faq.tsx"),
  route("contact", "routes/contact.tsx"),
  route("thank-you", "routes/thank-you.tsx"),
  route("start", "routes/start.tsx"),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("unauthorized", "routes/unauthorized.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
