import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { propertyId } from "../../../shared/contracts/annotations.js";
import { explainDaysQuery, impactQuery } from "../../../shared/contracts/impact.js";
import { sessionRoute } from "../../http/identity.js";
import { parseInput } from "../../parse-input.js";
import type { ExplainService } from "./explain-service.js";
import type { ImpactService } from "./impact-service.js";

const propertyParams = z.strictObject({ propertyId });

/** The pages' door to impact: the table's column and the chart's marker read these. */
export async function impactRoutes(
  app: FastifyInstance,
  deps: { impact: ImpactService; explain: ExplainService },
): Promise<void> {
  app.get("/api/properties/:propertyId/impact", sessionRoute, async (request) => {
    const user = await request.requireUser();
    const { propertyId: property } = parseInput(propertyParams, request.params);
    return deps.impact.forProperty(user, property, parseInput(impactQuery, request.query));
  });

  // The inbox's unexplained changes, each with its ranked causes, in one request.
  app.get("/api/properties/:propertyId/explain/days", sessionRoute, async (request) => {
    const user = await request.requireUser();
    const { propertyId: property } = parseInput(propertyParams, request.params);
    return deps.explain.explainDays(user, property, parseInput(explainDaysQuery, request.query));
  });
}
