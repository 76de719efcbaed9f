import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { LAYERS } from "../eslint.layers.js";

// The layers are a lint rule (eslint.layers.js, ADR 0075): an import going up a layer fails
// `npm run lint`. Each probe is linted as if it were a file at that place in the tree.
const ROOT = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: ROOT });

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return (result?.messages ?? []).filter((message) => message.ruleId === "boundaries/dependencies").map((message) => message.message);
}

describe("the layers", () => {
  it("fail lint when the kernel imports a domain", async () => {
    const errors = await layerErrors("app/kernel/probe.ts", 'import { joinWaitlist } from "../lib/waitlist/join/create-members.server";\nexport const probe = joinWaitlist;\n');
    expect(errors).toEqual([expect.stringContaining('elements of type "domains" are not allowed in elements of type "kernel"')]);
  });

  it("fail lint when the kernel imports a route, through the ~ alias too", async () => {
    const errors = await layerErrors("app/kernel/http/probe.ts", 'import { action } from "~/routes/join-waitlist";\nexport const probe = action;\n');
    expect(errors).toEqual([expect.stringContaining('elements of type "composition" are not allowed in elements of type "kernel"')]);
  });

  it("fail lint when the database schema imports a domain", async () => {
    const errors = await layerErrors("db/schema/probe.ts", 'import { SIGNUP_ERROR_MESSAGE } from "../../app/lib/waitlist/join-form";\nexport const probe = SIGNUP_ERROR_MESSAGE;\n');
    expect(errors).toHaveLength(1);
  });

  it("fail lint when a domain imports a component", async () => {
    const errors = await layerErrors("app/lib/waitlist/probe.ts", 'import { SiteHeader } from "../../components/site-header";\nexport const probe = SiteHeader;\n');
    expect(errors).toEqual([expect.stringContaining('elements of type "composition" are not allowed in elements of type "domains"')]);
  });

  it("let every layer import the layers below it", async () => {
    expect(await layerErrors("app/lib/waitlist/probe.ts", 'import { db } from "~/kernel/db.server";\nexport const probe = db;\n')).toEqual([]);
    expect(await layerErrors("app/routes/probe.tsx", 'import { db } from "~/kernel/db.server";\nimport { joinWaitlist } from "~/lib/waitlist/join/create-members.server";\nexport const probe = [db, joinWaitlist];\n')).toEqual([]);
  });

  it("are the folders docs/architecture.md names", () => {
    const doc = fs.readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8");
    for (const layer of LAYERS) {
      expect(doc, layer.type).toContain(`**${layer.type}**`);
      for (const pattern of layer.pattern) expect(doc, pattern).toContain(`\`${pattern.replace("/**", "/")}\``);
    }
  });
});
