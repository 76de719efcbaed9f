import { useLingui } from "@lingui/react";
import { ShieldAlert } from "lucide-react";
import { data } from "react-router";
import type { Route } from "./+types/unauthorized";
import { NoticePage } from "~/components/notice-page";
import { pageTranslation } from "~/lib/i18n/catalogs.server";

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

export function loader({ request }: Route.LoaderArgs) {
  const { i18n, messages } = pageTranslation(request, "unauthorized");
  return data({ title: i18n._("Woah Buddy!"), messages }, { status: 403 });
}

export default function Unauthorized() {
  const { i18n } = useLingui();
  return (
    <NoticePage
      icon={ShieldAlert}
      iconClassName="text-destructive"
      title={i18n._("Woah Buddy!")}
      message={i18n._("You can't access this page. This area is for Admins Only!")}
    />
  );
}
