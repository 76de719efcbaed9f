import { inflateSync } from "node:zlib";

// Which characters a WOFF font has glyphs for, read from its cmap table. Satori draws
// a box for a character none of its fonts has; the card leaves such characters out
// instead, so it needs to know the fonts' real coverage, not their CSS unicode-range.

const WOFF_SIGNATURE = 0x774f4646; // "wOFF"
const WOFF_HEADER_BYTES = 44;
const TABLE_ENTRY_BYTES = 20;

function cmapTable(font: Uint8Array): DataView {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  if (view.getUint32(0) !== WOFF_SIGNATURE) throw new Error("not a WOFF font");
  const tableCount = view.getUint16(12);
  for (let index = 0; index < tableCount; index += 1) {
    const entry = WOFF_HEADER_BYTES + index * TABLE_ENTRY_BYTES;
    if (String.fromCharCode(...font.subarray(entry, entry + 4)) !== "cmap") continue;
    const offset = view.getUint32(entry + 4);
    const compressedLength = view.getUint32(entry + 8);
    const length = view.getUint32(entry + 12);
    const stored = font.subarray(offset, offset + compressedLength);
    const table = compressedLength < length ? inflateSync(stored) : stored;
    return new DataView(table.buffer, table.byteOffset, table.byteLength);
  }
  throw new Error("the font has no cmap table");
}

/** Format 4: segments of the Basic Multilingual Plane. */
function addFormat4(cmap: DataView, start: number, into: Set<number>): void {
  const segments = cmap.getUint16(start + 6) / 2;
  const ends = start + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let segment = 0; segment < segments; segment += 1) {
    const first = cmap.getUint16(starts + segment * 2);
    const last = cmap.getUint16(ends + segment * 2);
    const delta = cmap.getInt16(deltas + segment * 2);
    const rangeOffsetAt = rangeOffsets + segment * 2;
    const rangeOffset = cmap.getUint16(rangeOffsetAt);
    for (let code = first; code <= last && code !== 0xffff; code += 1) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (code + delta) & 0xffff;
      else {
        const raw = cmap.getUint16(rangeOffsetAt + rangeOffset + (code - first) * 2);
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) into.add(code);
    }
  }
}

/** Format 12: groups over all planes. */
function addFormat12(cmap: DataView, start: number, into: Set<number>): void {
  const groups = cmap.getUint32(start + 12);
  for (let group = 0; group < groups; group += 1) {
    const at = start + 16 + group * 12;
    const first = cmap.getUint32(at);
    const last = cmap.getUint32(at + 4);
    const firstGlyph = cmap.getUint32(at + 8);
    for (let code = first; code <= last; code += 1) if (firstGlyph + (code - first) !== 0) into.add(code);
  }
}

/** The code points `font` (WOFF bytes) draws. */
export function readWoffCoverage(font: Uint8Array): Set<number> {
  const cmap = cmapTable(font);
  const covered = new Set<number>();
  const subtables = cmap.getUint16(2);
  for (let index = 0; index < subtables; index += 1) {
    const start = cmap.getUint32(4 + index * 8 + 4);
    const format = cmap.getUint16(start);
    if (format === 4) addFormat4(cmap, start, covered);
    else if (format === 12) addFormat12(cmap, start, covered);
  }
  return covered;
}
