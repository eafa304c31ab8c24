import { errorMessages } from "../../../shared/contracts/errors.js";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  sendChatRequest,
  settleConfirmationRequest,
  type ChatHistoryResponse,
  type SendChatResponse,
} from "../../../shared/contracts/chat.js";
import { parseInput } from "../../parse-input.js";
import type { ChatService } from "./chat-service.js";
import { sessionRoute } from "../../http/identity.js";

const sessionId = z.uuid({ message: errorMessages.chatNotFound });

export async function chatRoutes(app: FastifyInstance, deps: { chat: ChatService }): Promise<void> {
  app.post("/api/chat", sessionRoute, async (request): Promise<SendChatResponse> => {
    const user = await request.requireUser();
    return deps.chat.send(user, parseInput(sendChatRequest, request.body));
  });

  app.get<{ Params: { sessionId: string } }>(
    "/api/chat/:sessionId",
    sessionRoute,
    async (request): Promise<ChatHistoryResponse> => {
      const user = await request.requireUser();
      return deps.chat.history(user, parseInput(sessionId, request.params.sessionId));
    },
  );

  // The Confirm and Cancel buttons of a confirmation the server issued.
  app.post<{ Params: { sessionId: string } }>(
    "/api/chat/:sessionId/confirmation",
    sessionRoute,
    async (request): Promise<SendChatResponse> => {
      const user = await request.requireUser();
      return deps.chat.settle(
        user,
        parseInput(sessionId, request.params.sessionId),
        parseInput(settleConfirmationRequest, request.body),
      );
    },
  );

  app.delete<{ Params: { sessionId: string } }>(
    "/api/chat/:sessionId",
    sessionRoute,
    async (request) => {
      const user = await request.requireUser();
      await deps.chat.clear(user, parseInput(sessionId, request.params.sessionId));
      return { deleted: true };
    },
  );
}
