import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";

/**
 * Serves `listener` on a free loopback port for the test file (started before its tests,
 * closed after them, open connections and all); `port()` reads the port once it listens.
 */
export function listenDuringTests(listener: http.RequestListener): { port: () => number } {
  let server: http.Server | undefined;
  let port = 0;
  beforeAll(async () => {
    server = http.createServer(listener);
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });
  return { port: () => port };
}
