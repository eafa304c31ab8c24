import type { FastifyInstance } from "fastify";
import { propertyId } from "../../../shared/contracts/annotations.js";
import type { TrafficReport } from "../../../shared/contracts/traffic.js";
import {
  dismissChangeRequest,
  trafficReportQuery,
} from "../../../shared/contracts/traffic-requests.js";
import { parseInput } from "../../parse-input.js";
import type { TrafficService } from "./traffic-service.js";
import { sessionRoute } from "../../http/identity.js";

interface PropertyParams {
  propertyId: string;
}

export async function trafficRoutes(
  app: FastifyInstance,
  deps: { traffic: TrafficService },
): Promise<void> {
  const { traffic } = deps;

  // The query is checked by the service against the shared contract (the assistant calls it too).
  app.get<{ Params: PropertyParams }>(
    "/api/traffic/:propertyId",
    sessionRoute,
    async (request): Promise<TrafficReport> => {
      const user = await request.requireUser();
      return traffic.report(
        user,
        parseInput(propertyId, request.params.propertyId),
        parseInput(trafficReportQuery, request.query),
      );
    },
  );

  app.post<{ Params: PropertyParams }>(
    "/api/traffic/:propertyId/dismissals",
    sessionRoute,
    async (request, reply) => {
      const user = await request.requireUser();
      await traffic.dismiss(
        user,
        parseInput(propertyId, request.params.propertyId),
        parseInput(dismissChangeRequest, request.body),
      );
      return reply.code(204).send();
    },
  );
}
