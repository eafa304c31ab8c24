import type { FastifyInstance } from "fastify";
import { subscriptionRequest } from "../../../shared/contracts/auth.js";
import { parseInput } from "../../parse-input.js";
import type { PlansService } from "./plans-service.js";
import { sessionRoute } from "../../http/identity.js";

export async function plansRoutes(
  app: FastifyInstance,
  deps: { plans: PlansService },
): Promise<void> {
  app.patch("/api/users/subscription", sessionRoute, async (request) => {
    const user = await request.requireUser();
    const { tier } = parseInput(subscriptionRequest, request.body);
    const updated = await deps.plans.choosePlan(user, tier);
    return { user: deps.plans.toCurrentUser(updated) };
  });

  // 'Notify me' while Premium is not for sale.
  app.post("/api/users/premium-interest", sessionRoute, async (request) => {
    const user = await request.requireUser();
    return { user: deps.plans.toCurrentUser(await deps.plans.notePremiumInterest(user)) };
  });
}
