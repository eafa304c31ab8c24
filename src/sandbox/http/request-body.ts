import type { IncomingMessage } from "node:http";

export type BodyExpectation = "none" | "json" | "form" | "form-or-json";

export type ParsedBody =
  { kind: "none" } | { kind: "json"; value: unknown } | { kind: "form"; value: URLSearchParams };

export type BodyProblem = "too-large" | "content-type" | "malformed-json";

/** A body the sandbox will not read; the server answers it with a 400 in the route's own error shape. */
export class RequestBodyError extends Error {
  constructor(
    readonly problem: BodyProblem,
    message: string,
  ) {
    super(message);
  }
}

/** Reads and parses a request body as the route expects, refusing bodies over `limitBytes`. */
export async function readRequestBody(
  request: IncomingMessage,
  expectation: BodyExpectation,
  limitBytes: number,
): Promise<ParsedBody> {
  if (expectation === "none") {
    request.resume();
    return { kind: "none" };
  }
  const declared = Number(request.headers["content-length"] ?? Number.NaN);
  if (declared > limitBytes) {
    request.resume();
    throw tooLarge(limitBytes);
  }
  const raw = await collect(request, limitBytes);
  if (raw.length === 0)
    return expectation === "form"
      ? { kind: "form", value: new URLSearchParams() }
      : { kind: "json", value: undefined };

  const mediaType =
    (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const isJson = mediaType === "application/json" || mediaType.endsWith("+json");
  const isForm = mediaType === "application/x-www-form-urlencoded";
  if (isForm && expectation !== "json")
    return { kind: "form", value: new URLSearchParams(raw.toString("utf8")) };
  if (isJson && expectation !== "form") {
    try {
      return { kind: "json", value: JSON.parse(raw.toString("utf8")) as unknown };
    } catch (error) {
      throw new RequestBodyError("malformed-json", (error as Error).message);
    }
  }
  const expected =
    expectation === "json"
      ? "application/json"
      : expectation === "form"
        ? "application/x-www-form-urlencoded"
        : "application/x-www-form-urlencoded or application/json";
  throw new RequestBodyError(
    "content-type",
    `Unsupported Content-Type "${mediaType || "(none)"}"; expected ${expected}.`,
  );
}

function tooLarge(limitBytes: number): RequestBodyError {
  return new RequestBodyError(
    "too-large",
    `Request payload size exceeds the limit: ${limitBytes} bytes.`,
  );
}

function collect(request: IncomingMessage, limitBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    request.on("data", (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > limitBytes) {
        // Keep draining so the client can read our answer, but stop buffering.
        refused = true;
        chunks.length = 0;
        reject(tooLarge(limitBytes));
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => {
      if (!refused) resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    });
    request.on("error", reject);
  });
}
