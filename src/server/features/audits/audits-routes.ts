import type { FastifyInstance } from "fastify";
import type {
  AuditApplyResponse,
  AuditDetailResponse,
  AuditHistoryResponse,
  AuditSessionResponse,
  AuditSuggestion,
} from "../../../shared/contracts/audits.js";
import { createAuditRequest, updateSuggestionRequest } from "../../../shared/contracts/audits.js";
import { parseInput } from "../../parse-input.js";
import type { AuditsService } from "./audits-service.js";
import { sessionRoute } from "../../http/identity.js";

interface AuditParams {
  id: string;
}
interface SuggestionParams extends AuditParams {
  suggestionId: string;
}

/**
 * Every route checks the person (401), their plan and the beta list (403) in the service; bodies
 * are parsed here, at the edge, so the service takes typed values.
 */
export async function auditsRoutes(
  app: FastifyInstance,
  deps: { audits: AuditsService },
): Promise<void> {
  const { audits } = deps;

  app.post("/api/audits", sessionRoute, async (request, reply) => {
    const user = await request.requireUser();
    audits.requireAccess(user);
    const response: AuditSessionResponse = {
      session: await audits.create(user, parseInput(createAuditRequest, request.body)),
    };
    return reply.code(201).send(response);
  });

  app.get("/api/audits/history", sessionRoute, async (request): Promise<AuditHistoryResponse> => {
    const user = await request.requireUser();
    return { sessions: await audits.history(user) };
  });

  app.post<{ Params: AuditParams }>(
    "/api/audits/:id/start",
    sessionRoute,
    async (request, reply) => {
      const user = await request.requireUser();
      const response: AuditSessionResponse = {
        session: await audits.start(user, request.params.id),
      };
      return reply.code(202).send(response);
    },
  );

  app.get<{ Params: AuditParams }>(
    "/api/audits/:id",
    sessionRoute,
    async (request): Promise<AuditDetailResponse> => {
      const user = await request.requireUser();
      return audits.get(user, request.params.id);
    },
  );

  app.patch<{ Params: SuggestionParams }>(
    "/api/audits/:id/suggestions/:suggestionId",
    sessionRoute,
    async (request): Promise<{ suggestion: AuditSuggestion }> => {
      const user = await request.requireUser();
      audits.requireAccess(user);
      return {
        suggestion: await audits.updateSuggestion(
          user,
          request.params.id,
          request.params.suggestionId,
          parseInput(updateSuggestionRequest, request.body),
        ),
      };
    },
  );

  app.post<{ Params: AuditParams }>(
    "/api/audits/:id/apply",
    sessionRoute,
    async (request): Promise<AuditApplyResponse> => {
      const user = await request.requireUser();
      return audits.apply(user, request.params.id);
    },
  );
}
