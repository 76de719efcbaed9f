// After `react-router build`: a brotli (quality 11) and a gzip (level 9) copy of every
// built script, stylesheet and SVG, so the server sends the smallest encoding the browser
// accepts without compressing on each request (server/http-process.js serves them).
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const assets = path.resolve(process.env.REACT_ROUTER_BUILD_DIR ?? "build", "client/assets");
let original = 0;
let brotli = 0;
for (const name of fs.readdirSync(assets)) {
  if (!/\.(js|css|svg)$/.test(name)) continue;
  const file = path.join(assets, name);
  const content = fs.readFileSync(file);
  const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  original += content.length;
  brotli += br.length;
}
console.log(`precompressed ${assets}: ${(original / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB with brotli`);
