import { z } from "zod";
import { apiTokenScopes } from "../../../shared/contracts/api-tokens.js";
import { errorResponse } from "../../../shared/contracts/api-v1.js";
import type { ApiOperation } from "../../operations/doors/rest.js";

type JsonSchema = Record<string, unknown>;

/** JSON Schema 2020-12, which OpenAPI 3.1 uses as is, from a shared zod contract. */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    // A refinement (a real date, "nothing to change") has no JSON Schema form; the server still
    // checks it, and says so in its 400.
    unrepresentable: "any",
  });
  return rest;
}

const errorStatuses: Record<string, string> = {
  "400": "The request is not valid (code invalid_request); `error` says what to fix.",
  "401":
    "No token, or one that is unknown, revoked or expired (codes unauthenticated, invalid_token).",
  "403":
    "The token lacks the operation's scope (insufficient_scope), or the plan does not include it (premium_required).",
  "404": "Not found, or not yours.",
  "429":
    "Too many requests for this token (rate_limited), or the plan's daily quota is used up (daily_limit). See Retry-After.",
};

const rateLimitHeaders = {
  "RateLimit-Limit": {
    description: "Requests this token may make in the current window.",
    schema: { type: "integer" },
  },
  "RateLimit-Remaining": {
    description: "Requests left in the current window.",
    schema: { type: "integer" },
  },
  "RateLimit-Reset": {
    description: "Seconds until the window ends.",
    schema: { type: "integer" },
  },
};

/**
 * The OpenAPI 3.1 document of the REST API, generated from the operations' table: paths, scopes
 * and the shared zod contracts of every input and answer. Nothing in it is written by hand but
 * the sentences.
 */
export function openApiDocument(operations: ApiOperation[], serverUrl: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const parameters: unknown[] = [];
    for (const [name, schema] of Object.entries(operation.params ?? {}))
      parameters.push({ name, in: "path", required: true, schema: jsonSchema(schema, "input") });
    if (operation.query) {
      const query = jsonSchema(operation.query, "input") as {
        properties?: Record<string, JsonSchema>;
        required?: string[];
      };
      for (const [name, schema] of Object.entries(query.properties ?? {}))
        parameters.push({
          name,
          in: "query",
          required: query.required?.includes(name) ?? false,
          schema,
        });
    }
    const writes = operation.method === "POST" || operation.method === "PATCH";
    if (writes)
      parameters.push({
        name: "Idempotency-Key",
        in: "header",
        required: false,
        description:
          "Any string of 1–255 visible ASCII characters (a UUID is a good choice). A retry with the same key and body gets the first answer again (with Idempotent-Replayed: true) for 24 hours, instead of a second write; the same key with another body is a 422.",
        schema: { type: "string", minLength: 1, maxLength: 255 },
      });
    const errors = Object.fromEntries(
      Object.entries({
        ...errorStatuses,
        ...(writes
          ? {
              "409": "A conflict, or the first request with this Idempotency-Key is still running.",
              "422": "This Idempotency-Key was used with another request (idempotency_key_reused).",
            }
          : {}),
      }).map(([status, description]) => [
        status,
        {
          description,
          headers: rateLimitHeaders,
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        },
      ]),
    );
    (paths[operation.path] ??= {})[operation.method.toLowerCase()] = {
      operationId: operation.operationId,
      summary: operation.summary,
      description: operation.description,
      security: [{ personalAccessToken: [operation.scope] }],
      ...(parameters.length ? { parameters } : {}),
      ...(operation.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: jsonSchema(operation.body, "input") } },
            },
          }
        : {}),
      responses: {
        [String(operation.status)]: {
          description: operation.status === 201 ? "Created" : "OK",
          headers: rateLimitHeaders,
          content: {
            "application/json": { schema: jsonSchema(operation.response, "output") },
          },
        },
        ...errors,
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Tidemark REST API",
      version: "1.0.0",
      description:
        "Manage GA4 annotations and their categories with a personal access token (made on your Account page). Send it as `Authorization: Bearer <token>`. Every plan rule and daily quota applies as in the app.",
    },
    servers: [{ url: serverUrl }],
    security: [{ personalAccessToken: [] }],
    paths,
    components: {
      securitySchemes: {
        personalAccessToken: {
          type: "http",
          scheme: "bearer",
          description: `A personal access token (tdm_…). Scopes: ${apiTokenScopes.join(", ")}.`,
        },
      },
      schemas: { Error: jsonSchema(errorResponse, "output") },
    },
  };
}
