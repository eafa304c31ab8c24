import { jsonSchema, type JSONSchema7, type Tool } from "ai";
import { z } from "zod";
import { flatInput, splitFlatInput, type AnyOperation } from "../operation.js";

/** What a model tool answers: the operation's output, or the person's sentence for a refusal. */
export type ModelToolAnswer =
  { ok: true; value: unknown } | { ok: false; error: string; code?: string };

/** A model tool's input as the operation takes it, the conversation's property filled in. */
export interface ModelWriteInput {
  params: Record<string, unknown>;
  query: unknown;
  body: unknown;
}

/**
 * The model's door: each operation marked `model` becomes a tool named as the operation, whose
 * input is the operation's own (its contracts, as MCP and REST take them), less the property,
 * which is the conversation's. A read runs as it is; a write goes through the chat's policy
 * (`write`: one change per message, a preview for what the person did not ask), and only the
 * writes that policy names are offered at all.
 */
export function modelTools(
  catalogue: readonly AnyOperation[],
  door: {
    propertyId: string | null;
    run(operation: AnyOperation, input: ModelWriteInput): Promise<ModelToolAnswer>;
    writes?: readonly string[];
    write?(operation: AnyOperation, input: ModelWriteInput): Promise<ModelToolAnswer>;
    /** An input the contract refuses, answered with the contract's sentence (noted for the reply). */
    refuse?(error: string): ModelToolAnswer;
  },
): Record<string, Tool> {
  const refuse = door.refuse ?? ((error: string) => ({ ok: false as const, error }));
  const tools: Record<string, Tool> = {};
  for (const operation of catalogue) {
    if (!operation.model) continue;
    const write = operation.hints.readOnly ? undefined : door.write;
    if (!operation.hints.readOnly && !(write && door.writes?.includes(operation.name))) continue;
    const bound = "propertyId" in operation.params ? ["propertyId"] : [];
    const { contract, shown } = modelInputOf(operation, bound);
    tools[operation.name] = {
      description: operation.model.description,
      inputSchema: shown,
      execute: async (given: unknown) => {
        if (bound.length > 0 && !door.propertyId)
          return { ok: false, error: "Choose a property first." } satisfies ModelToolAnswer;
        const checked = contract.safeParse(given ?? {});
        if (!checked.success) return refuse(checked.error.issues[0]?.message ?? "Not valid.");
        const parts = splitFlatInput(operation, {
          ...(checked.data as Record<string, unknown>),
          ...(bound.length > 0 ? { propertyId: door.propertyId } : {}),
        });
        return write ? write(operation, parts) : door.run(operation, parts);
      },
    } as Tool;
  }
  return tools;
}

/** Each operation's model input, built once: a model turn builds its tools anew. */
const modelInputs = new WeakMap<
  AnyOperation,
  { contract: z.ZodType; shown: ReturnType<typeof shownContract> }
>();

function modelInputOf(operation: AnyOperation, bound: string[]) {
  const known = modelInputs.get(operation);
  if (known) return known;
  const contract = flatInput(operation, [
    ...bound,
    ...(operation.model?.omit ? [operation.model.omit] : []),
  ]);
  const built = { contract, shown: shownContract(contract) };
  modelInputs.set(operation, built);
  return built;
}

/**
 * The contract as the model is shown it, checked by the tool itself rather than by the AI SDK: a
 * refusal then reaches the person in the contract's own words ("Title is required"), as on the
 * other doors, instead of the SDK's dump of the input and zod's issues, which would also repeat a
 * hostile title back to the model.
 */
export function shownContract(contract: z.ZodType) {
  return jsonSchema(
    z.toJSONSchema(contract, { io: "input", unrepresentable: "any" }) as JSONSchema7,
    { validate: (value) => ({ success: true, value }) },
  );
}
