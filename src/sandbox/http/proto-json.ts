import { invalidJsonPayload, invalidValue } from "./google-api-error.js";
import type { ParsedBody } from "./request-body.js";

/**
 * Reading request messages the way Google's JSON transcoder does: fields by lowerCamelCase or
 * snake_case name, `null` meaning "not set", unknown names and wrongly typed values refused with 400.
 */
export type JsonObject = Record<string, unknown>;

export function bodyObject(body: ParsedBody, messagePath: string): JsonObject {
  if (body.kind !== "json" || body.value === undefined) return {};
  const value = body.value;
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw invalidJsonPayload(`Expected a JSON object at '${messagePath}'.`, messagePath);
  }
  return value as JsonObject;
}

/** Maps each known field (by its snake_case name) to its value; throws on unknown names. */
export function readFields(
  object: JsonObject,
  messagePath: string,
  fieldNames: readonly string[],
): Map<string, unknown> {
  const fields = new Map<string, unknown>();
  for (const [key, value] of Object.entries(object)) {
    const snake = key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    if (!fieldNames.includes(snake)) {
      throw invalidJsonPayload(
        `Unknown name "${key}" at '${messagePath}': Cannot find field.`,
        messagePath,
      );
    }
    if (value !== null) fields.set(snake, value);
  }
  return fields;
}

export function readString(value: unknown, path: string): string {
  if (typeof value !== "string") throw invalidValue(path, "TYPE_STRING", value);
  return value;
}

export function readInt32(value: unknown, path: string): number {
  const number = typeof value === "string" && /^-?\d+$/.test(value) ? Number(value) : value;
  if (
    typeof number !== "number" ||
    !Number.isInteger(number) ||
    number < -(2 ** 31) ||
    number >= 2 ** 31
  ) {
    throw invalidValue(path, "TYPE_INT32", value);
  }
  return number;
}

/** A query parameter that must be an int32 when present. */
export function queryInt32(
  query: URLSearchParams,
  name: string,
  field: string,
): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === "") return undefined;
  return readInt32(raw, field);
}

/** `$alt=json;enum-encoding=int` (sent by the gapic REST clients) asks for enums as numbers. */
export function wantsNumericEnums(query: URLSearchParams): boolean {
  return (query.get("$alt") ?? query.get("alt") ?? "").includes("enum-encoding=int");
}
