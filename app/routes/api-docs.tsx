import type { Route } from "./+types/api-docs";
import { Badge } from "~/components/ui/badge";
import { getApiReference } from "~/lib/api/reference.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title ? `${data.title} reference` : "API reference" },
  { name: "description", content: "Operations, parameters and schemas of the waitlist's JSON API, from its OpenAPI 3.1 document." },
];

export function loader() {
  return getApiReference();
}

const METHOD_STYLES: Record<string, string> = {
  GET: "bg-blue-100 text-blue-900",
  POST: "bg-green-100 text-green-900",
  PATCH: "bg-amber-100 text-amber-900",
  DELETE: "bg-red-100 text-red-900",
};

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  const { title, description, server, operations, schemas } = loaderData;
  const tags = [...new Set(operations.map((operation) => operation.tag))];
  return (
    <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-12">
      <h1 className="text-4xl font-extrabold">{title} reference</h1>
      <p className="mt-2 text-muted-foreground">{description}</p>
      <p className="mt-2">
        Base URL <code className="rounded bg-muted px-1">{server}</code> · send <code className="rounded bg-muted px-1">Authorization: Bearer lc_…</code> (a key
        from Admin → Developers) · machine-readable: <a href="/api/v1/openapi.json" className="font-semibold text-secondary underline">openapi.json</a>
      </p>
      <nav aria-label="Operations" className="mt-6 rounded-xl border bg-card p-4">
        <ul className="grid gap-1 sm:grid-cols-2">
          {operations.map((operation) => (
            <li key={operation.id}>
              <a href={`#${operation.id}`} className="underline-offset-2 hover:underline">
                <span className="font-mono text-xs font-bold">{operation.method}</span> {operation.path} — {operation.summary}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {tags.map((tag) => (
        <section key={tag} aria-labelledby={`tag-${tag}`} className="mt-10">
          <h2 id={`tag-${tag}`} className="text-2xl font-extrabold">{tag}</h2>
          {operations
            .filter((operation) => operation.tag === tag)
            .map((operation) => (
              <article key={operation.id} id={operation.id} aria-labelledby={`${operation.id}-title`} className="mt-4 rounded-xl border bg-card p-5" data-testid="api-operation">
                <h3 id={`${operation.id}-title`} className="flex flex-wrap items-center gap-2 text-lg font-bold">
                  <span className={`rounded px-2 py-0.5 font-mono text-sm ${METHOD_STYLES[operation.method] ?? ""}`}>{operation.method}</span>
                  <code>{operation.path}</code>
                  <span className="font-normal text-muted-foreground">{operation.summary}</span>
                </h3>
                {operation.description
                  .split("\n\n")
                  .filter(Boolean)
                  .map((paragraph) => (
                    <p key={paragraph} className="mt-2 text-sm">{paragraph.replaceAll("`", "")}</p>
                  ))}
                {operation.parameters.length > 0 && (
                  <table className="mt-3 w-full text-left text-sm">
                    <caption className="sr-only">Parameters of {operation.id}</caption>
                    <thead>
                      <tr>
                        {["Parameter", "In", "Type", "About"].map((heading) => (
                          <th key={heading} scope="col" className="border-b py-1 pr-3 font-semibold">{heading}</th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {operation.parameters.map((parameter) => (
                        <tr key={`${parameter.in}-${parameter.name}`}>
                          <td className="py-1 pr-3 font-mono">{parameter.name}{parameter.required ? " *" : ""}</td>
                          <td className="py-1 pr-3">{parameter.in}</td>
                          <td className="py-1 pr-3 font-mono text-xs">{parameter.type}</td>
                          <td className="py-1 pr-3">{parameter.description}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
                {operation.body && <p className="mt-3 text-sm">Body: JSON <a href={`#schema-${operation.body}`} className="font-mono underline">{operation.body}</a></p>}
                <ul className="mt-3 flex flex-wrap gap-2 text-sm" aria-label="Answers">
                  {operation.responses.map((response) => (
                    <li key={response.status}>
                      <Badge variant="outline">{response.status}</Badge> {response.description}
                    </li>
                  ))}
                </ul>
              </article>
            ))}
        </section>
      ))}
      <section aria-labelledby="schemas" className="mt-10">
        <h2 id="schemas" className="text-2xl font-extrabold">Schemas</h2>
        {schemas.map((schema) => (
          <details key={schema.name} id={`schema-${schema.name}`} className="mt-3 rounded-xl border bg-card p-4">
            <summary className="cursor-pointer font-mono font-bold">{schema.name}</summary>
            <pre className="mt-2 overflow-auto rounded bg-muted p-3 text-xs">{schema.json}</pre>
          </details>
        ))}
      </section>
    </main>
  );
}
