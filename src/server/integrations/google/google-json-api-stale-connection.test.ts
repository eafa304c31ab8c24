import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { GoogleApiError } from "./google-api-error.js";
import { createGoogleJsonApi } from "./google-json-api.js";

/**
 * A server at the HTTP byte level, so that a kept-alive connection can be closed exactly as the
 * next request arrives on it (what a server's keep-alive timeout does, at the worst moment).
 * `second` decides what happens to the second request of each connection.
 */
function rawServer(second: "drop-unread" | "cut-after-status") {
  let handled = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    let requestsOnThisConnection = 0;
    let buffered = "";
    socket.on("error", () => {});
    socket.on("data", (chunk) => {
      if (requestsOnThisConnection === 1 && buffered === "") {
        requestsOnThisConnection += 1;
        if (second === "drop-unread") {
          // Closed by the server before it read a byte of the request: nothing was handled.
          socket.resetAndDestroy();
          return;
        }
        handled += 1;
        socket.write("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n");
        socket.resetAndDestroy();
        return;
      }
      buffered += chunk.toString("utf8");
      const headerEnd = buffered.indexOf("\r\n\r\n");
      if (headerEnd < 0) return;
      const length = Number(/content-length: (\d+)/i.exec(buffered)?.[1] ?? 0);
      if (buffered.length < headerEnd + 4 + length) return;
      buffered = "";
      requestsOnThisConnection += 1;
      handled += 1;
      const body = JSON.stringify({ name: `properties/1/reportingDataAnnotations/${handled}` });
      socket.write(
        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nconnection: keep-alive\r\n" +
          `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    });
  });
  return {
    server,
    handled: () => handled,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const create = {
  method: "POST",
  path: "v1alpha/x",
  accessToken: "t",
  body: { title: "A" },
} as const;

let current: ReturnType<typeof rawServer> | undefined;
afterEach(async () => {
  await current?.stop();
  current = undefined;
});

describe("createGoogleJsonApi on a kept-alive connection the server closes", () => {
  it("sends a create that met a closed reused connection once more, on a new one", async () => {
    current = rawServer("drop-unread");
    const send = createGoogleJsonApi({ rootUrl: await current.start(), timeoutMs: 2_000 });
    await expect(send(create)).resolves.toEqual({
      name: "properties/1/reportingDataAnnotations/1",
    });
    // The second create goes out on the kept connection, which the server drops unread.
    await expect(send(create)).resolves.toEqual({
      name: "properties/1/reportingDataAnnotations/2",
    });
    expect(current.handled()).toBe(2);
  });

  it("keeps a reset after the answer began as an unknown outcome, and does not send it again", async () => {
    current = rawServer("cut-after-status");
    const send = createGoogleJsonApi({ rootUrl: await current.start(), timeoutMs: 2_000 });
    await send(create);
    const failure = await send(create).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GoogleApiError);
    expect(failure).toMatchObject({ status: 0, outcomeUnknown: true });
    expect((failure as GoogleApiError).logFields).toMatchObject({
      reusedSocket: true,
      notSent: false,
    });
    expect(current.handled()).toBe(2);
  });

  it("reports a refused connection as not sent, so a create may be sent again", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const send = createGoogleJsonApi({ rootUrl: `http://127.0.0.1:${port}/`, timeoutMs: 500 });
    const failure = await send(create).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 0, transient: true, outcomeUnknown: false });
    expect((failure as GoogleApiError).logFields).toMatchObject({
      code: "ECONNREFUSED",
      reusedSocket: false,
      notSent: true,
    });
  });

  it("closes an idle kept-alive connection itself, before a server keeping it longer would", async () => {
    const server = http.createServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    // The server would keep the connection for a minute; the client must not wait for that.
    server.keepAliveTimeout = 60_000;
    const closedByClient = new Promise<void>((resolve) =>
      server.on("connection", (socket) => socket.on("end", resolve)),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const send = createGoogleJsonApi({
        rootUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
        timeoutMs: 2_000,
        idleConnectionMs: 50,
      });
      await send({ method: "GET", path: "v1alpha/x", accessToken: "t" });
      await closedByClient;
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
