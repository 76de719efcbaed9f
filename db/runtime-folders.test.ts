import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { FUNCTIONS_FOLDER } from "~/kernel/db/function-files.server";
import { CARD_FONT_DIR } from "~/lib/share-cards/card-fonts.server";

// What the server reads from the checkout at run time must be in the production image:
// each folder is copied into the runtime stage of the Dockerfile.
const RUNTIME_FOLDERS = [FUNCTIONS_FOLDER, CARD_FONT_DIR, `${process.cwd()}/db/migrations`].map((folder) => folder.slice(process.cwd().length + 1));

describe("the production image", () => {
  it("copies every folder the server reads at run time", () => {
    const dockerfile = fs.readFileSync("Dockerfile", "utf8");
    const runtime = dockerfile.slice(dockerfile.lastIndexOf("FROM "));
    for (const folder of RUNTIME_FOLDERS) expect(runtime, folder).toContain(`/app/${folder} ./${folder}`);
  });
});
