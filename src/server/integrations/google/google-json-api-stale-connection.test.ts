import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { GoogleApiError } from "./google-api-error.js";
import { createGoogleJsonApi } from "./google-json-api.js";

type Reaction = "answer" | "drop-unread" | "handle-then-drop";

/**
 * A server at the HTTP byte level, so that a kept-alive connection can be closed exactly as a
 * request arrives on it (what a server's keep-alive timeout does at the worst moment), or after
 * the request was handled (a server that takes a request and then loses the connection).
 * `react` is told the method and the request's place on its connection (1 for the first).
 */
function rawServer(react: (method: string, nth: number) => Reaction) {
  let handled = 0;
  let connections = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    let nth = 0;
    let buffered = "";
    socket.on("error", () => {});
    socket.on("data", (chunk) => {
      if (buffered === "") {
        nth += 1;
        const method = chunk.toString("utf8").split(" ", 1)[0]!;
        if (react(method, nth) === "drop-unread") {
          // Closed before a byte of the request was read: nothing was handled.
          socket.resetAndDestroy();
          return;
        }
      }
      buffered += chunk.toString("utf8");
      const headerEnd = buffered.indexOf("\r\n\r\n");
      if (headerEnd < 0) return;
      const length = Number(/content-length: (\d+)/i.exec(buffered)?.[1] ?? 0);
      if (buffered.length < headerEnd + 4 + length) return;
      const method = buffered.split(" ", 1)[0]!;
      buffered = "";
      handled += 1;
      if (react(method, nth) === "handle-then-drop") {
        socket.resetAndDestroy();
        return;
      }
      const body = JSON.stringify({ name: `properties/1/reportingDataAnnotations/${handled}` });
      socket.write(
        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nconnection: keep-alive\r\n" +
          `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    });
  });
  return {
    handled: () => handled,
    connections: () => connections,
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

const read = { method: "GET", path: "v1alpha/x", accessToken: "t" } as const;
const create = {
  method: "POST",
  path: "v1alpha/x",
  accessToken: "t",
  body: { title: "A" },
} as const;
const edit = {
  method: "PATCH",
  path: "v1alpha/x/1",
  accessToken: "t",
  body: { title: "B" },
} as const;

let current: ReturnType<typeof rawServer> | undefined;
afterEach(async () => {
  await current?.stop();
  current = undefined;
});

async function failureOf(promise: Promise<unknown>): Promise<GoogleApiError> {
  const failure = await promise.catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(GoogleApiError);
  return failure as GoogleApiError;
}

describe("createGoogleJsonApi and kept-alive connections the server closes", () => {
  it("sends a create on a connection of its own, so a server closing an idle one cannot lose it", async () => {
    // Every connection is closed, unread, when a second request arrives on it.
    current = rawServer((_method, nth) => (nth >= 2 ? "drop-unread" : "answer"));
    const send = createGoogleJsonApi({ rootUrl: await current.start(), timeoutMs: 2_000 });
    await send(read);
    await expect(send(create)).resolves.toEqual({
      name: "properties/1/reportingDataAnnotations/2",
    });
    await expect(send(create)).resolves.toEqual({
      name: "properties/1/reportingDataAnnotations/3",
    });
    expect(current.handled()).toBe(3);
  });

  it("sends a read that met a closed reused connection once more, on a new one", async () => {
    current = rawServer((_method, nth) => (nth >= 2 ? "drop-unread" : "answer"));
    const send = createGoogleJsonApi({ rootUrl: await current.start(), timeoutMs: 2_000 });
    await send(read);
    await expect(send(read)).resolves.toEqual({ name: "properties/1/reportingDataAnnotations/2" });
    expect(current.handled()).toBe(2);
    expect(current.connections()).toBe(2);
  });

  it("never sends again a write whose connection broke after the server took it", async () => {
    current = rawServer((method) => (method === "GET" ? "answer" : "handle-then-drop"));
    const send = createGoogleJsonApi({ rootUrl: await current.start(), timeoutMs: 2_000 });
    const lostCreate = await failureOf(send(create));
    expect(lostCreate).toMatchObject({ status: 0, outcomeUnknown: true });
    expect(lostCreate.logFields).toMatchObject({ reusedSocket: false, notSent: false });
    expect(current.handled()).toBe(1);

    // On a reused connection a break before any answer looks the same as a server closing an
    // idle connection; an edit is still not sent again here (the gateway decides).
    await send(read);
    const lostEdit = await failureOf(send(edit));
    expect(lostEdit).toMatchObject({ status: 0, outcomeUnknown: true });
    expect(lostEdit.logFields).toMatchObject({ reusedSocket: true, notSent: false });
    expect(current.handled()).toBe(3);
  });

  it("reports a refused connection as not sent, so a create may be sent again", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const send = createGoogleJsonApi({ rootUrl: `http://127.0.0.1:${port}/`, timeoutMs: 500 });
    const failure = await failureOf(send(create));
    expect(failure).toMatchObject({ status: 0, transient: true, outcomeUnknown: false });
    expect(failure.logFields).toMatchObject({
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
      await send(read);
      await closedByClient;
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
