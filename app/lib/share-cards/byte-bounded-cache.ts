/**
 * Least-recently-used bytes, bounded by their total size rather than their count: a
 * viral link is served from memory, and many links cannot grow the process.
 */
export class ByteBoundedCache {
  private readonly entries = new Map<string, Uint8Array<ArrayBuffer>>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Uint8Array<ArrayBuffer> | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Map keeps insertion order: re-inserting makes this the most recently used.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: Uint8Array<ArrayBuffer>): void {
    this.delete(key);
    if (value.byteLength > this.maxBytes) return;
    this.entries.set(key, value);
    this.bytes += value.byteLength;
    for (const [oldest, oldValue] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= oldValue.byteLength;
    }
  }

  delete(key: string): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.bytes -= value.byteLength;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  get size(): number {
    return this.entries.size;
  }
}
