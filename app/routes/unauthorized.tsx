import { ShieldAlert } from "lucide-react";
import { data } from "react-router";
import type { Route } from "./+types/unauthorized";
import { NoticePage } from "~/components/notice-page";

export const meta: Route.MetaFunction = () => [{ title: "Woah Buddy!" }, { name: "robots", content: "noindex" }];

export function loader() {
  return data(null, { status: 403 });
}

export default function Unauthorized() {
  return (
    <NoticePage
      icon={ShieldAlert}
      iconClassName="text-destructive"
      title="Woah Buddy!"
      message="You can't access this page. This area is for Admins Only!"
    />
  );
}
