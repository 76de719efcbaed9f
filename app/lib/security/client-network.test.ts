import { describe, expect, it } from "vitest";
import { networkKeyOf } from "./client-network.server";

describe("networkKeyOf", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(networkKeyOf("203.0.113.7")).toBe("203.0.113.7");
    expect(networkKeyOf(" 127.0.0.1 ")).toBe("127.0.0.1");
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4 address, in either notation", () => {
    expect(networkKeyOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(networkKeyOf("::FFFF:127.0.0.1")).toBe("127.0.0.1");
    expect(networkKeyOf("::ffff:cb00:7107")).toBe("203.0.113.7");
    expect(networkKeyOf("0:0:0:0:0:ffff:7f00:1")).toBe("127.0.0.1");
  });

  it("groups an IPv6 address by its /64, however it is written", () => {
    const key = "2001:db8:0:0::/64";
    expect(networkKeyOf("2001:db8::1")).toBe(key);
    expect(networkKeyOf("2001:DB8::ffff:1:2:3")).toBe(key);
    expect(networkKeyOf("2001:0db8:0000:0000:abcd:ef01:2345:6789")).toBe(key);
    expect(networkKeyOf("2001:db8::")).toBe(key);
    expect(networkKeyOf("2001:db8:0:1::1")).toBe("2001:db8:0:1::/64");
    expect(networkKeyOf("1:2:3:4:5:6:7:8")).toBe("1:2:3:4::/64");
    expect(networkKeyOf("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("keeps loopback and the unspecified address apart from IPv4", () => {
    expect(networkKeyOf("::1")).toBe("0:0:0:0::/64");
    expect(networkKeyOf("::")).toBe("0:0:0:0::/64");
    expect(networkKeyOf("::1.2.3.4")).toBe("0:0:0:0::/64");
  });

  it.each(["", "unknown", "[::1]", "01.2.3.4", "1.2.3.4:5678", "2001:db8::1::2", "::ffff:999.1.1.1", "x".repeat(500)])(
    "never throws on %j and keys it by its own text",
    (garbage) => {
      const key = networkKeyOf(garbage);
      expect(key).toBe(garbage.trim().toLowerCase().slice(0, 100));
    },
  );
});
