import { ShieldAlert } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/unauthorized";
import { Button } from "~/components/ui/button";

export const meta: Route.MetaFunction = () => [{ title: "Woah Buddy!" }, { name: "robots", content: "noindex" }];

export function loader() {
  return data(null, { status: 403 });
}

export default function Unauthorized() {
  return (
    <main className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <ShieldAlert className="size-14 text-destructive" aria-hidden="true" />
      <h1 className="text-4xl font-extrabold">Woah Buddy!</h1>
      <p className="text-lg text-muted-foreground">You can't access this page. This area is for Admins Only!</p>
      <Button asChild>
        <Link to="/">Back to Home</Link>
      </Button>
    </main>
  );
}
