import { annotationPage, listAnnotationsQuery } from "../../shared/contracts/api-v1.js";
import { pageOfAnnotations } from "../features/api-v1/annotation-query.js";
import { defineOperation } from "./operation.js";
import { count, propertyParams, readsGoogle } from "./params.js";

export const listAnnotations = defineOperation({
  name: "listAnnotations",
  title: "List or search annotations",
  description:
    "A property's annotations, newest first, a page at a time: optionally within dates (from/to, YYYY-MM-DD; a range that overlaps counts), matching words (q), a colour or a category. Pass nextCursor as cursor for the next page.",
  scope: "annotations:read",
  hints: readsGoogle,
  params: propertyParams,
  query: listAnnotationsQuery,
  output: annotationPage,
  rest: { method: "GET", path: "/api/v1/properties/{propertyId}/annotations", status: 200 },
  mcp: {
    tool: "list_annotations",
    carriesGa4Text: true,
    summary: ({ annotations, nextCursor }) =>
      `${count(annotations.length, "annotation")} on this page${nextCursor ? " (more with nextCursor)" : ""}.`,
  },
  run: async (services, { user }, { params, query }) =>
    pageOfAnnotations(await services.annotations.list(user, params.propertyId), query),
});
