import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { savePropertyRequest } from "../../../shared/contracts/properties.js";
import { parseInput } from "../../parse-input.js";
import type { PropertiesService } from "./properties-service.js";
import { sessionRoute } from "../../http/identity.js";

const savedPropertyId = z.uuid({ message: "That saved property was not found." });

export async function propertiesRoutes(
  app: FastifyInstance,
  deps: { properties: PropertiesService },
): Promise<void> {
  const { properties } = deps;

  app.get("/api/ga4/properties", sessionRoute, async (request) => ({
    properties: await properties.reachableProperties(await request.requireUser()),
  }));

  app.get("/api/properties", sessionRoute, async (request) => ({
    properties: await properties.saved(await request.requireUser()),
  }));

  app.post("/api/properties", sessionRoute, async (request, reply) => {
    const user = await request.requireUser();
    const { propertyId } = parseInput(savePropertyRequest, request.body);
    return reply.code(201).send({ property: await properties.save(user, propertyId) });
  });

  // The free plan's one property, changed to another (at most once every 30 days).
  app.put("/api/properties/locked", sessionRoute, async (request) => {
    const user = await request.requireUser();
    const { propertyId } = parseInput(savePropertyRequest, request.body);
    return { property: await properties.changeLocked(user, propertyId) };
  });

  app.delete<{ Params: { id: string } }>("/api/properties/:id", sessionRoute, async (request) => {
    const user = await request.requireUser();
    const id = parseInput(savedPropertyId, request.params.id);
    await properties.remove(user, id);
    return { deleted: true };
  });
}
