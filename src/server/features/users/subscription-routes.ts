import type { FastifyInstance } from "fastify";
import { subscriptionRequest } from "../../../shared/contracts/auth.js";
import { parseInput } from "../../http/parse-input.js";
import type { SubscriptionService } from "./subscription-service.js";

export async function subscriptionRoutes(
  app: FastifyInstance,
  deps: { subscriptions: SubscriptionService },
): Promise<void> {
  app.patch("/api/users/subscription", async (request) => {
    const user = await request.requireUser();
    const { tier } = parseInput(subscriptionRequest, request.body);
    const updated = await deps.subscriptions.choosePlan(user, tier);
    return { user: deps.subscriptions.toCurrentUser(updated) };
  });
}
