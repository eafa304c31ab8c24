import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCodes } from "../../shared/contracts/errors.js";
import { AppError } from "../app-error.js";
import { answerFrameworkError, registerErrorHandling, statusOfError } from "./error-handling.js";

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ frameworkErrors: answerFrameworkError });
  registerErrorHandling(app);
  app.get<{ Params: { id: string } }>("/items/:id", async (request) => request.params);
  app.get<{ Params: { code: string } }>("/refuse/:code", async (request) => {
    throw new AppError(request.params.code as AppError["code"], `Refused: ${request.params.code}`);
  });
  app.get("/busy", async () => {
    throw new AppError("google_busy", "Busy.", { retryAfterSeconds: 60 });
  });
  app.get("/crash", async () => {
    throw new TypeError("undefined is not a function");
  });
  app.post("/echo", async (request) => request.body);
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe("the error mapper", () => {
  it.each(errorCodes)("answers %s with its status, its code and its message", async (code) => {
    const response = await app.inject({ method: "GET", url: `/refuse/${code}` });
    expect(response.statusCode).toBe(statusOfError[code]);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.json()).toEqual({ error: `Refused: ${code}`, code });
  });

  it("answers the router's own refusals in the same shape, without echoing the path", async () => {
    const badUrl = await app.inject({ method: "GET", url: "/items/%E0%A4%A" });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ error: "That address is not valid.", code: "invalid_request" });
    const tooLong = await app.inject({ method: "GET", url: `/items/${"a".repeat(5000)}` });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({ error: "That address is too long.", code: "invalid_request" });
  });

  it("tells a refusal that passes with time when to try again", async () => {
    const response = await app.inject({ method: "GET", url: "/busy" });
    expect(response.statusCode).toBe(429);
    expect(response.headers["retry-after"]).toBe("60");
  });

  it("names Fastify's own request errors invalid_request and keeps their status", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/echo",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "invalid_request" });
  });

  it("gives a bug no code and no details", async () => {
    const response = await app.inject({ method: "GET", url: "/crash" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: "Something went wrong on our side. Please try again.",
    });
  });
});
