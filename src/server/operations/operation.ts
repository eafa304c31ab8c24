/**
 * One operation, declared once and served by every door that lists it: the pages' session routes,
 * the REST API (and its OpenAPI document), the MCP server and the assistant's model. A door adds
 * only its own policy (who is calling, rate limits, idempotency keys, how an answer is worded); the
 * operation's contracts, plan rules and service calls are the same behind all of them.
 */
import { z } from "zod";
import type { AnnotationSource } from "../../shared/contracts/annotations.js";
import type { ApiTokenScope } from "../../shared/contracts/api-tokens.js";
import type { User } from "../db/schema/index.js";
import type { AnnotationsService } from "../features/annotations/annotations-service.js";
import type { BulkAnnotationsService } from "../features/annotations/bulk-annotations-service.js";
import type { CategoriesService } from "../features/categories/categories-service.js";
import type { ExplainService } from "../features/impact/explain-service.js";
import type { ImpactService } from "../features/impact/impact-service.js";
import type { PropertiesService } from "../features/properties/properties-service.js";
import type { SuggestionsService } from "../features/suggestions/suggestions-service.js";

/** The services operations call: the same objects the pages' own routes use. */
export interface OperationServices {
  annotations: AnnotationsService;
  bulk: BulkAnnotationsService;
  categories: CategoriesService;
  properties: PropertiesService;
  suggestions: SuggestionsService;
  impact: ImpactService;
  explain: ExplainService;
}

/** Who asks, and through which door their changes are recorded as made. */
export interface OperationCaller {
  user: User;
  /** Where a change is recorded as made: the pages ("tidemark"), a program ("api"), the assistant. */
  via: AnnotationSource;
}

/** What the operation does to the world, as MCP's tool annotations say it to clients. */
export interface OperationHints {
  readOnly: boolean;
  /** It may remove or overwrite what someone wrote. */
  destructive: boolean;
  /** A repeat with the same input changes nothing more. */
  idempotent: boolean;
  /** It reaches Google Analytics (a world outside Tidemark), not only Tidemark's own data. */
  openWorld: boolean;
}

type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

/** An address on one of the HTTP doors; `{name}` marks a path parameter, named as in `params`. */
export interface HttpAddress {
  method: HttpMethod;
  path: string;
}

type Shape = Record<string, z.ZodType>;
type Output<S extends z.ZodType | undefined> = S extends z.ZodType ? z.output<S> : undefined;

/** An operation's input as every door hands it over: path identity, read options, the body. */
export interface OperationInput<
  P extends Shape,
  Q extends z.ZodObject | undefined,
  B extends z.ZodType | undefined,
> {
  params: { [K in keyof P]: z.output<P[K]> };
  query: Output<Q>;
  body: Output<B>;
}

export interface Operation<
  P extends Shape = Shape,
  Q extends z.ZodObject | undefined = z.ZodObject | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  O extends z.ZodObject = z.ZodObject,
> {
  /** camelCase; the REST operationId and, by default, the model's tool name. */
  name: string;
  /** A short title: the OpenAPI summary and the MCP tool's title. */
  title: string;
  /** What it does and what to send, for a program or a model reading the tool list. */
  description: string;
  scope: ApiTokenScope;
  hints: OperationHints;
  /** What names the thing acted on: a path parameter on the HTTP doors, a field elsewhere. */
  params: P;
  /** Options of a read: the query string on the HTTP doors. */
  query?: Q;
  /** What is written: a JSON body on the HTTP doors. */
  body?: B;
  /**
   * Where a flat input (MCP, the model) carries the body: its fields beside the params, or under
   * this one name when the body's own rules look at all its fields ("nothing to change").
   */
  bodyField?: string;
  output: O;
  /** The REST door (under /api/v1), with the status of a success. */
  rest?: HttpAddress & { status: 200 | 201 };
  /** The pages' door: a session route the web app calls. */
  page?: HttpAddress & { status: 200 | 201 };
  /**
   * The assistant's model may call it, told in one short line (the model's whole prompt has a
   * budget). A write reaches the model only through the chat's policy for it (one change per
   * message, a preview for what the person did not ask).
   */
  model?: {
    description: string;
    /**
     * The body field the model is not given (`bodyField`): it sends the body's default, as an
     * accept "as suggested" does. Its input is the rest of the contract.
     */
    omit?: string;
  };
  /** The MCP door: the tool's name and the line that opens its answer. */
  mcp?: {
    tool: string;
    /** The answer holds text written in GA4 by people with access to the property. */
    carriesGa4Text: boolean;
    summary(output: z.output<O>): string;
  };
  run(
    services: OperationServices,
    caller: OperationCaller,
    input: OperationInput<P, Q, B>,
  ): Promise<z.output<O>>;
}

/** Any operation, whatever its contracts, as the doors and the registry hold them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOperation = Operation<any, any, any, any>;

/** Declares an operation, its input and output types inferred from its contracts. */
export function defineOperation<
  P extends Shape,
  O extends z.ZodObject,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(operation: Operation<P, Q, B, O>): Operation<P, Q, B, O> {
  return operation;
}

/**
 * The operation's input as one object, for doors without a path or a query string (MCP, the
 * model): the params, then the query's fields, then the body's fields or the body under its name.
 */
export function flatInput(operation: AnyOperation, given: readonly string[] = []): z.ZodType {
  // Params the door supplies itself (the conversation's property) are not asked for.
  const params = Object.fromEntries(
    Object.entries(operation.params as Shape).filter(([name]) => !given.includes(name)),
  );
  const query = operation.query as z.ZodObject | undefined;
  const body = operation.body as z.ZodType | undefined;
  // safeExtend keeps each contract's own rules ("one day or a period", "choose a date").
  const identity = query ? query.safeExtend(params) : z.strictObject(params);
  if (!body) return identity;
  // Left out, it is an empty object, as an empty HTTP body is: "accept as suggested". A door that
  // sends the default itself does not ask for it.
  if (operation.bodyField && given.includes(operation.bodyField)) return identity;
  if (operation.bodyField) return identity.safeExtend({ [operation.bodyField]: body.prefault({}) });
  if (body instanceof z.ZodObject && !query) return body.safeExtend(params);
  throw new Error(`${operation.name}: give its body a bodyField`);
}

/** Splits a flat input (already checked against `flatInput`) into the parts `run` takes. */
export function splitFlatInput(
  operation: AnyOperation,
  input: Record<string, unknown>,
): { params: Record<string, unknown>; query: unknown; body: unknown } {
  const params: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  const queryKeys = new Set(Object.keys((operation.query as z.ZodObject | undefined)?.shape ?? {}));
  for (const [key, value] of Object.entries(input)) {
    if (key in (operation.params as Shape)) params[key] = value;
    else if (queryKeys.has(key)) query[key] = value;
    else rest[key] = value;
  }
  const body = operation.body
    ? operation.bodyField
      ? (rest[operation.bodyField] ?? {})
      : rest
    : undefined;
  return { params, query: operation.query ? query : undefined, body };
}

/** The path parameters an address names, in order. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

/** Fastify's form of an address's path: `:name` for `{name}`. */
export function routePath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ":$1");
}
