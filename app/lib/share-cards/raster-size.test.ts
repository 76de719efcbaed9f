import { Resvg } from "@resvg/resvg-js";
import { describe, expect, it } from "vitest";
import { rasterSize } from "./raster-size";

describe("raster sizes", () => {
  it("reads a PNG's size from its header", () => {
    const png = new Resvg('<svg xmlns="http://www.w3.org/2000/svg" width="321" height="123"/>').render().asPng();
    expect(rasterSize(png, "png")).toEqual({ width: 321, height: 123 });
  });

  it("reads a GIF's and a JPEG's size, and gives up on a truncated file", () => {
    const gif = Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x10, 0x27, 0x02, 0x00]);
    expect(rasterSize(gif, "gif")).toEqual({ width: 10000, height: 2 });
    // SOI, an APP0 segment of 4 bytes, then SOF0: length 17, precision 8, height 480, width 640.
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03]);
    expect(rasterSize(jpeg, "jpeg")).toEqual({ width: 640, height: 480 });
    expect(rasterSize(jpeg.subarray(0, 12), "jpeg")).toBeNull();
    expect(rasterSize(Uint8Array.from([0x89, 0x50]), "png")).toBeNull();
  });
});
