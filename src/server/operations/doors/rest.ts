import type { z } from "zod";
import type { ApiTokenScope } from "../../../shared/contracts/api-tokens.js";
import type { User } from "../../db/schema/index.js";
import type { AnyOperation, OperationServices } from "../operation.js";

/**
 * The REST API's view of an operation: its address, the scope a token needs, the shared
 * contracts of its input and answer, and the call. The routes are registered from these and the
 * OpenAPI document is generated from them, so the two cannot disagree.
 */
export interface ApiOperation {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** OpenAPI's form, `{name}` for a path parameter. */
  path: string;
  operationId: string;
  summary: string;
  description: string;
  scope: ApiTokenScope;
  params?: Record<string, z.ZodType>;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The status of a success. */
  status: 200 | 201;
  response: z.ZodType;
  handle(input: {
    user: User;
    params: Record<string, string>;
    query: unknown;
    body: unknown;
  }): Promise<unknown>;
}

/** The catalogue's operations that have a REST address, bound to the services; changes are the API's. */
export function restOperations(
  catalogue: readonly AnyOperation[],
  services: OperationServices,
): ApiOperation[] {
  return catalogue.flatMap((operation): ApiOperation[] => {
    const { rest } = operation;
    if (!rest) return [];
    const params = operation.params as Record<string, z.ZodType>;
    return [
      {
        method: rest.method,
        path: rest.path,
        operationId: operation.name,
        summary: operation.title,
        description: operation.description,
        scope: operation.scope,
        ...(Object.keys(params).length ? { params } : {}),
        ...(operation.query ? { query: operation.query as z.ZodObject } : {}),
        ...(operation.body ? { body: operation.body as z.ZodType } : {}),
        status: rest.status,
        response: operation.output as z.ZodType,
        handle: ({ user, params: values, query, body }) =>
          operation.run(services, { user, via: "api" }, { params: values, query, body }),
      },
    ];
  });
}
