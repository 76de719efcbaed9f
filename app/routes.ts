import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";
import { ADMIN_SECTIONS } from "./lib/admin-navigation";

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
  route("confirm-email", "routes/confirm-email.tsx"),
  route("products/:productId", "routes/product.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("dashboard", "routes/dashboard.tsx"),
  route("auth/callback", "routes/auth.callback.tsx"),
  route("api/auth/*", "routes/api/auth.ts"),
  route("api/session/activity", "routes/api/session-activity.ts"),
  route("api/events", "routes/api/events.ts"),
  route("api/avatars/:memberId.svg", "routes/api/avatar.ts"),
  route("api/trailer-view", "routes/api/trailer-view.ts"),
  route("api/uploads", "routes/api/uploads.ts"),
  route("uploads/:bucket/*", "routes/uploads.ts"),
  route("dev/mailbox", "routes/dev/mailbox.tsx"),
  route("dev/mailbox/:id", "routes/dev/mailbox-message.tsx"),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/index.tsx"),
      route("overview", "routes/admin/overview.tsx"),
      ...ADMIN_SECTIONS.filter((section) => !section.isBuilt).map((section) =>
        route(section.path, "routes/admin/coming-soon.tsx", { id: `admin-${section.path}` }),
      ),
    ]),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
