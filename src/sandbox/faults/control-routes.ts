import { z } from "zod";
import { toDayNumber } from "../calendar/civil-date.js";
import { invalidArgument, notFound } from "../http/google-api-error.js";
import { jsonResult, type HandlerResult } from "../http/handler-result.js";
import type { RequestContext, Route } from "../http/route.js";
import { parseScopeParameter, scopes } from "../oauth/scopes.js";
import { sandboxTestClient } from "../sandbox-options.js";
import type { SandboxContext } from "../sandbox-context.js";
import { ensureSandboxUser, normalizeEmail } from "../seed/seed-sandbox-user.js";
import type { FaultRuleInput } from "./fault-rules.js";

export const controlPrefix = "/__sandbox/control";

const defaultMintScopes = [
  scopes.openid,
  scopes.email,
  scopes.profile,
  scopes.analyticsReadonly,
  scopes.analyticsEdit,
];

const mintSchema = z.strictObject({
  email: z.string().min(3).max(254).includes("@"),
  scopes: z.union([z.string(), z.array(z.string())]).optional(),
  clientId: z.string().optional(),
});
const emailFilterSchema = z.strictObject({ email: z.string().optional() });
const clockSchema = z.strictObject({ advanceSeconds: z.number().finite() });
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const effectSchema = z.strictObject({
  propertyId: z.string().regex(/^\d+$/),
  /** The multiplier at full strength: 1.3 is +30 %, 0.6 is −40 %. */
  factor: z.number().min(0.05).max(20),
  shape: z.enum(["step", "spike", "ramp"]).default("step"),
  startDate: isoDay,
  endDate: isoDay,
});

type ControlHandler = [
  Route["method"],
  string,
  Route["body"],
  (request: RequestContext) => HandlerResult | Promise<HandlerResult>,
];

/**
 * The test and benchmark control endpoint (only when `faultControl` is on): request counters,
 * injected faults, token expiry and revocation, a movable clock, and tokens minted without the browser.
 */
export function controlRoutes(context: SandboxContext): Route[] {
  const handlers = [
    ...faultHandlers(context),
    ...trafficEffectHandlers(context),
    ...tokenHandlers(context),
    ...clockHandlers(context),
  ];
  return handlers.map(([method, path, body, handle]) => ({
    family: "control",
    method,
    pattern: new RegExp(`^${controlPrefix}${path}$`),
    body,
    counter: `control${path}`,
    handle: withZodErrors(handle),
  }));
}

function faultHandlers({ faults }: SandboxContext): ControlHandler[] {
  return [
    ["GET", "/counters", "none", () => jsonResult(faults.counterSnapshot())],
    [
      "DELETE",
      "/counters",
      "none",
      () => {
        faults.resetCounters();
        return jsonResult(faults.counterSnapshot());
      },
    ],
    ["GET", "/faults", "none", () => jsonResult({ faults: faults.list() })],
    // FaultController.add validates the payload with its own zod schema.
    [
      "POST",
      "/faults",
      "json",
      (request) => jsonResult({ fault: faults.add(bodyValue(request) as FaultRuleInput) }),
    ],
    [
      "DELETE",
      "/faults",
      "none",
      () => {
        faults.clear();
        return jsonResult({});
      },
    ],
    [
      "DELETE",
      "/faults/(?<id>[A-Za-z0-9-]+)",
      "none",
      (request) => {
        if (!faults.remove(request.params.id ?? ""))
          throw notFound(`No fault ${request.params.id}.`);
        return jsonResult({});
      },
    ],
  ];
}

function trafficEffectHandlers({ store }: SandboxContext): ControlHandler[] {
  return [
    [
      "POST",
      "/traffic-effects",
      "json",
      (request) => {
        const input = parse(effectSchema, request);
        const property = store.properties.get(input.propertyId);
        if (!property) throw notFound(`No property ${input.propertyId}.`);
        const [startDay, endDay] = [input.startDate, input.endDate].map((iso) => {
          const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
          return toDayNumber({ year, month, day });
        }) as [number, number];
        if (endDay < startDay) throw invalidArgument("endDate", "endDate is before startDate.");
        const effect = { startDay, endDay, factor: input.factor, shape: input.shape };
        property.traffic.effects.push(effect);
        return jsonResult({ effect });
      },
    ],
    [
      "DELETE",
      "/traffic-effects/(?<propertyId>\\d+)",
      "none",
      (request) => {
        // Clears the seeded events too, so a test's planted effect is the only one in its window.
        const property = store.properties.get(request.params.propertyId ?? "");
        if (!property) throw notFound(`No property ${request.params.propertyId}.`);
        const cleared = property.traffic.effects.length;
        property.traffic.effects = [];
        return jsonResult({ cleared });
      },
    ],
  ];
}

function tokenHandlers(context: SandboxContext): ControlHandler[] {
  const { tokens, store, clock, clients } = context;

  const subOf = (email: string | undefined): string | undefined => {
    if (email === undefined) return undefined;
    const user = store.usersByEmail.get(normalizeEmail(email));
    if (!user) throw notFound(`No sandbox account for ${email}.`);
    return user.sub;
  };

  const mint = async (request: RequestContext): Promise<HandlerResult> => {
    const input = parse(mintSchema, request);
    const clientId = input.clientId ?? sandboxTestClient.clientId;
    if (!clients.get(clientId)) throw invalidArgument("clientId", `Unknown client ${clientId}.`);
    const requested =
      input.scopes === undefined ? defaultMintScopes.join(" ") : [input.scopes].flat().join(" ");
    const { scopes: granted, unknown } = parseScopeParameter(requested);
    if (unknown.length) throw invalidArgument("scopes", `Unknown scopes: ${unknown.join(", ")}.`);
    const user = ensureSandboxUser(store, input.email, clock.now(), context.testers);
    return jsonResult(await tokens.mint(user, clientId, granted));
  };

  return [
    ["POST", "/tokens", "json", mint],
    [
      "POST",
      "/tokens/expire",
      "json",
      (request) =>
        jsonResult({
          expired: tokens.expireAccessTokens(subOf(parse(emailFilterSchema, request).email)),
        }),
    ],
    [
      "POST",
      "/tokens/revoke-refresh",
      "json",
      (request) =>
        jsonResult({
          revoked: tokens.revokeRefreshTokens(subOf(parse(emailFilterSchema, request).email)),
        }),
    ],
  ];
}

function clockHandlers({ faults, clock }: SandboxContext): ControlHandler[] {
  return [
    [
      "POST",
      "/clock",
      "json",
      (request) => {
        clock.advance(parse(clockSchema, request).advanceSeconds * 1000);
        return jsonResult({
          now: new Date(clock.now()).toISOString(),
          offsetSeconds: clock.offsetMs / 1000,
        });
      },
    ],
    [
      "POST",
      "/reset",
      "none",
      () => {
        faults.clear();
        faults.resetCounters();
        clock.reset();
        return jsonResult({});
      },
    ],
  ];
}

function bodyValue(request: RequestContext): unknown {
  return request.body.kind === "json" ? (request.body.value ?? {}) : {};
}

function parse<T>(schema: z.ZodType<T>, request: RequestContext): T {
  return schema.parse(bodyValue(request));
}

/** Zod failures (bad control payloads) become Google-shaped 400s naming the field. */
function withZodErrors(
  handle: (request: RequestContext) => HandlerResult | Promise<HandlerResult>,
) {
  return async (request: RequestContext): Promise<HandlerResult> => {
    try {
      return await handle(request);
    } catch (error) {
      if (error instanceof z.ZodError) {
        const issue = error.issues[0];
        const field = issue?.path.join(".") || "body";
        throw invalidArgument(field, `${field}: ${issue?.message ?? "invalid"}`);
      }
      throw error;
    }
  };
}
