import { z } from "zod";

export type JsonSchema = { [keyword: string]: unknown };

/** What fast-json-stringify reads to write a value: its type and its structure. */
const structuralKeywords = new Set(["type", "required"]);

/**
 * What only checks a value, which a serializer never does: dropped. Kept, an `enum` or `pattern`
 * would only make the schema claim a check nobody runs on our answers.
 */
const validationKeywords = new Set([
  "$schema",
  "title",
  "description",
  "default",
  "examples",
  "const",
  "enum",
  "format",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
  "propertyNames",
]);

/**
 * The JSON schema Fastify compiles a route's answer serializer from, generated from the route's
 * shared zod contract so the answer's shape is declared once.
 *
 * fast-json-stringify writes by type and structure. zod writes a nullable field as `anyOf` with
 * null, which fast-json-stringify can only serve by checking every value with Ajv to pick a branch
 * (slower than plain JSON.stringify), so a nullable field becomes a list of types. Anything else
 * it could only serve that slowly, or not at all (other unions, references, conditions, tuples),
 * is refused here, when the route is declared, instead of slowing every answer.
 */
export function serializerSchema(schema: z.ZodType): JsonSchema {
  const generated = z.toJSONSchema(schema, {
    target: "draft-7",
    io: "output",
    unrepresentable: "throw",
    cycles: "throw",
  }) as JsonSchema;
  return simplify(generated, "");
}

function simplify(schema: JsonSchema, at: string): JsonSchema {
  if (Array.isArray(schema.anyOf)) return nullable(schema, at);
  const simplified: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (validationKeywords.has(keyword)) continue;
    if (keyword === "properties") {
      simplified.properties = Object.fromEntries(
        Object.entries(value as Record<string, JsonSchema>).map(([name, property]) => [
          name,
          simplify(property, `${at}/${name}`),
        ]),
      );
    } else if (keyword === "items") {
      if (!isSchema(value))
        throw new Error(`The answer schema at "${at || "/"}" is a tuple, which ${refusal}`);
      simplified.items = simplify(value, `${at}[]`);
    } else if (keyword === "additionalProperties") {
      simplified.additionalProperties = isSchema(value) ? simplify(value, `${at}/*`) : value;
    } else if (structuralKeywords.has(keyword)) {
      simplified[keyword] = value;
    } else {
      throw new Error(`The answer schema at "${at || "/"}" uses "${keyword}", which ${refusal}`);
    }
  }
  return simplified;
}

/** `anyOf: [X, null]` becomes X with null among its types; any other union is refused. */
function nullable(schema: JsonSchema, at: string): JsonSchema {
  const branches = schema.anyOf as JsonSchema[];
  const others = Object.keys(schema).filter((keyword) => keyword !== "anyOf");
  const nonNull = branches.filter((branch) => !(branch.type === "null" && isBare(branch)));
  if (branches.length !== 2 || nonNull.length !== 1 || others.some(isStructural))
    throw new Error(`The answer schema at "${at || "/"}" is a union, which ${refusal}`);
  const inner = simplify(nonNull[0]!, at);
  const types = typeof inner.type === "string" ? [inner.type] : inner.type;
  if (!Array.isArray(types))
    throw new Error(
      `The answer schema at "${at || "/"}" is nullable with no type, which ${refusal}`,
    );
  return { ...inner, type: [...types.filter((type) => type !== "null"), "null"] };
}

const refusal =
  "fast-json-stringify serves only slowly or not at all; give the answer a plainer shape";

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isBare(branch: JsonSchema): boolean {
  return Object.keys(branch).every(
    (keyword) => keyword === "type" || validationKeywords.has(keyword),
  );
}

function isStructural(keyword: string): boolean {
  return !validationKeywords.has(keyword);
}
