import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCompressionThreshold, registerApiCompression } from "./compression.js";
import { registerWebApp } from "./web-app.js";

// Text that compresses well, so every variant is smaller than the file and the tests can tell
// them apart by decompressing.
const script = `export const greeting = "${"hello tide ".repeat(200)}";\n`;
const styles = `body { color: black; }\n`.repeat(100);
const page = `<!doctype html><title>Tidemark</title><div id=root>${"<p>tide</p>".repeat(100)}</div>`;

let webRoot: string;
let app: FastifyInstance;

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(tmpdir(), "tidemark-compression-"));
  await mkdir(path.join(webRoot, "assets"));
  const write = (name: string, body: string | Buffer) => writeFile(path.join(webRoot, name), body);
  await write("index.html", page);
  await write("index.html.br", brotliCompressSync(page));
  await write("index.html.gz", gzipSync(page));
  await write("assets/app-abc123.js", script);
  await write("assets/app-abc123.js.br", brotliCompressSync(script));
  await write("assets/app-abc123.js.gz", gzipSync(script));
  // Only gzip was written for this one (brotli would not have been smaller, say).
  await write("assets/styles-abc123.css", styles);
  await write("assets/styles-abc123.css.gz", gzipSync(styles));
  // No compressed variant at all.
  await write("notes.txt", "plain ".repeat(500));

  app = Fastify();
  await registerApiCompression(app);
  app.get("/api/large", async () => ({
    items: Array.from({ length: 200 }, (_, i) => `item ${i}`),
  }));
  app.get("/api/small", async () => ({ ok: true }));
  await registerWebApp(app, { webRoot });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await rm(webRoot, { recursive: true, force: true });
});

function get(url: string, acceptEncoding?: string) {
  return app.inject({
    method: "GET",
    url,
    headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
  });
}

describe("precompressed static files", () => {
  it("serve brotli to a browser that accepts it", async () => {
    const response = await get("/assets/app-abc123.js", "gzip, deflate, br, zstd");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it("serve gzip when brotli is not accepted, or refused with q=0", async () => {
    for (const accept of ["gzip", "br;q=0, gzip"]) {
      const response = await get("/assets/app-abc123.js", accept);
      expect(response.headers["content-encoding"]).toBe("gzip");
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(gunzipSync(response.rawPayload).toString()).toBe(script);
    }
  });

  it("serve the file itself, still varying on Accept-Encoding, to identity requests", async () => {
    for (const accept of [undefined, "identity", "br;q=0, gzip;q=0"]) {
      const response = await get("/assets/app-abc123.js", accept);
      expect(response.headers["content-encoding"]).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body).toBe(script);
    }
  });

  it("fall back to the next encoding when the preferred variant is missing", async () => {
    const response = await get("/assets/styles-abc123.css", "br, gzip");
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers["content-type"]).toMatch(/^text\/css/);
    expect(gunzipSync(response.rawPayload).toString()).toBe(styles);
  });

  it("fall back to the file itself, without compressing it on the fly, when no variant exists", async () => {
    const response = await get("/notes.txt", "br, gzip");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.body).toBe("plain ".repeat(500));
  });

  it("serve the page shell compressed too", async () => {
    const response = await get("/some/page", "br");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(page);
  });
});

describe("API answers", () => {
  it("are compressed on the way out above the threshold", async () => {
    const plain = await get("/api/large");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(apiCompressionThreshold);

    const br = await get("/api/large", "gzip, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await get("/api/large", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it("are sent as they are below the threshold", async () => {
    const response = await get("/api/small", "br, gzip");
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.json()).toEqual({ ok: true });
  });
});
