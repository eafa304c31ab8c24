import { z } from "zod";
import {
  undoChangeRequest,
  undoChangeResponse,
} from "../../shared/contracts/annotation-history.js";
import { defineOperation } from "./operation.js";
import { propertyParams } from "./params.js";

export const undoChange = defineOperation({
  name: "undoChange",
  title: "Undo a change",
  description:
    "Undoes one recorded change on a property (its changeId from an annotation's history or a write's answer), or the person's last one (`last`): an edit is put back, a deletion made again, a create deleted — which is refused with confirmation_required unless confirm says the person agreed. The undo is itself a change that can be undone. Send a requestId (a UUID) to make a retry safe.",
  scope: "annotations:write",
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: true },
  params: {
    ...propertyParams,
    changeId: z
      .union([z.literal("last"), z.uuid()], {
        message: "That is not a change ID (or last, for the last change)",
      })
      .describe("A changeId, or last for the person's last change on the property"),
  },
  body: undoChangeRequest,
  output: undoChangeResponse,
  rest: {
    method: "POST",
    path: "/api/v1/properties/{propertyId}/changes/{changeId}/undo",
    status: 200,
  },
  page: {
    method: "POST",
    path: "/api/annotations/{propertyId}/changes/{changeId}/undo",
    status: 200,
  },
  run: (services, { user, via }, { params, body }) =>
    services.annotations.undo(
      user,
      params.propertyId,
      params.changeId === "last" ? null : params.changeId,
      body,
      via,
    ),
});
