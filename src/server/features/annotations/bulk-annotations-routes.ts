import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  bulkAnnotationsRequest,
  type BulkAnnotationsResponse,
  type BulkUndoResponse,
} from "../../../shared/contracts/bulk-annotations.js";
import { sessionRoute } from "../../http/identity.js";
import { parseInput } from "../../parse-input.js";
import type { BulkAnnotationsService } from "./bulk-annotations-service.js";

interface BatchParams {
  batchId: string;
}

const batchIdParam = z.uuid({ message: "That is not a valid bulk action ID" });

/** Bulk actions on selected annotations, and their undo (decision 0056). */
export async function bulkAnnotationsRoutes(
  app: FastifyInstance,
  deps: { bulk: BulkAnnotationsService },
): Promise<void> {
  const { bulk } = deps;

  app.post(
    "/api/annotations/bulk",
    sessionRoute,
    async (request): Promise<BulkAnnotationsResponse> => {
      const user = await request.requireUser();
      return bulk.apply(user, parseInput(bulkAnnotationsRequest, request.body));
    },
  );

  app.post<{ Params: BatchParams }>(
    "/api/annotations/bulk/:batchId/undo",
    sessionRoute,
    async (request): Promise<BulkUndoResponse> => {
      const user = await request.requireUser();
      return bulk.undo(user, parseInput(batchIdParam, request.params.batchId));
    },
  );
}
