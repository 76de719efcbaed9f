import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The recipe's code blocks are code: each block names its file on its first line, and the
// blocks are typechecked together with the real app (tsconfig.json), with step 1 applied
// (the "widgets" section added to AdminSectionPath). The domain module the recipe leaves
// to the reader is declared with the signatures the recipe states.
const ROOT = process.cwd();
const at = (file: string) => path.join(ROOT, file);

function recipeBlocks(): Map<string, string> {
  const markdown = fs.readFileSync(at("docs/admin-screens.md"), "utf8");
  const blocks = new Map<string, string>();
  for (const [, code] of markdown.matchAll(/```tsx?\n([\s\S]*?)```/g)) {
    const file = /^\/\/ (\S+)\n/.exec(code!)?.[1];
    if (file) blocks.set(at(file), code!);
  }
  return blocks;
}

function routeTypesFor(route: string): string {
  const generated = fs.readFileSync(at(".react-router/types/app/routes/admin/+types/social-share.ts"), "utf8");
  return generated.replaceAll("social-share", route);
}

function overlay(): Map<string, string> {
  const files = recipeBlocks();
  files.set(
    at("app/lib/widgets/widgets.server.ts"),
    'import type { WidgetInput } from "./widget.schema";\nexport declare function getWidget(): Promise<WidgetInput>;\nexport declare function saveWidget(input: WidgetInput, adminId: string): Promise<void>;\n',
  );
  files.set(at(".react-router/types/app/routes/admin/+types/widgets.ts"), routeTypesFor("widgets"));
  const navigation = fs.readFileSync(at("app/lib/admin/navigation.ts"), "utf8");
  files.set(at("app/lib/admin/navigation.ts"), navigation.replace('export type AdminSectionPath =\n', 'export type AdminSectionPath =\n  | "widgets"\n'));
  return files;
}

describe("docs/admin-screens.md", () => {
  it("has its schema and route module as code blocks that typecheck against the app", () => {
    if (!fs.existsSync(at(".react-router/types/app/routes/admin/+types/social-share.ts"))) {
      execFileSync(process.execPath, [at("node_modules/@react-router/dev/bin.js"), "typegen"], { cwd: ROOT, stdio: "ignore" });
    }
    const files = overlay();
    const recipe = [at("app/routes/admin/widgets.tsx"), at("app/lib/widgets/widget.schema.ts")];
    expect(recipe.every((file) => files.has(file))).toBe(true);

    const config = ts.getParsedCommandLineOfConfigFile(at("tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
    const host = ts.createCompilerHost(config.options);
    const { fileExists, readFile, getSourceFile, directoryExists } = host;
    const folders = new Set([...files.keys()].map((file) => path.dirname(file)));
    host.directoryExists = (folder) => folders.has(path.resolve(folder)) || (directoryExists?.(folder) ?? ts.sys.directoryExists(folder));
    host.fileExists = (file) => files.has(path.resolve(file)) || fileExists(file);
    host.readFile = (file) => files.get(path.resolve(file)) ?? readFile(file);
    host.getSourceFile = (file, language, onError, shouldCreate) => {
      const text = files.get(path.resolve(file));
      return text === undefined ? getSourceFile(file, language, onError, shouldCreate) : ts.createSourceFile(file, text, language, true);
    };
    const program = ts.createProgram({ rootNames: recipe, options: config.options, host });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((diagnostic) => diagnostic.file && recipe.includes(path.resolve(diagnostic.file.fileName)))
      .map((diagnostic) => `${path.relative(ROOT, diagnostic.file!.fileName)}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`);
    expect(problems).toEqual([]);
  });
});
