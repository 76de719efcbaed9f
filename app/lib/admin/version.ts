/**
 * A short fingerprint of saved values. Admin forms are keyed by it: a save (or another
 * admin's) changes it and the form shows what is stored; a background revalidation
 * returns the same values, the same key, and the draft stays.
 */
export function versionOf(values: unknown): string {
  const text = JSON.stringify(values) ?? "";
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
