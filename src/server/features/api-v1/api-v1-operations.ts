import type { z } from "zod";
import {
  annotation,
  annotationId,
  createAnnotationRequest,
  propertyId,
  updateAnnotationRequest,
} from "../../../shared/contracts/annotations.js";
import type { ApiTokenScope } from "../../../shared/contracts/api-tokens.js";
import {
  annotationPage,
  apiBulkSuggestionResponse,
  apiCategory,
  apiSuggestion,
  apiSuggestionList,
  categoryListResponse,
  deletedResponse,
  listAnnotationsQuery,
  propertyListResponse,
} from "../../../shared/contracts/api-v1.js";
import {
  categoryId,
  createCategoryRequest,
  updateCategoryRequest,
} from "../../../shared/contracts/categories.js";
import { errorMessages } from "../../../shared/contracts/errors.js";
import {
  acceptSuggestionRequest,
  bulkSuggestionRequest,
  suggestionIdParam,
  suggestionListQuery,
} from "../../../shared/contracts/suggestions.js";
import type { User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import type { AnnotationsService } from "../annotations/annotations-service.js";
import type { CategoriesService } from "../categories/categories-service.js";
import type { PropertiesService } from "../properties/properties-service.js";
import type { SuggestionsService } from "../suggestions/suggestions-service.js";
import { pageOfAnnotations } from "./annotation-query.js";

/**
 * The REST API, one entry per operation: its address, the scope a token needs, the shared
 * contracts of its input and answer, and the service call. The routes are registered from this
 * table and the OpenAPI document is generated from it, so the two cannot disagree.
 */
export interface ApiOperation {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** OpenAPI's form, `{name}` for a path parameter. */
  path: string;
  operationId: string;
  summary: string;
  scope: ApiTokenScope;
  params?: Record<string, z.ZodType>;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The status of a success. */
  status: 200 | 201;
  response: z.ZodType;
  handle(input: {
    user: User;
    params: Record<string, string>;
    query: unknown;
    body: unknown;
  }): Promise<unknown>;
}

export interface ApiServices {
  annotations: AnnotationsService;
  categories: CategoriesService;
  properties: PropertiesService;
  suggestions: SuggestionsService;
}

// The annotations' answers are typed by the service; these say the inbox's agree with the contract.
type ApiSuggestionAnswer = z.output<typeof apiSuggestion>;

const propertyParam = { propertyId };
const annotationParams = { propertyId, annotationId };
const categoryParam = { categoryId };
const suggestionParams = { propertyId, id: suggestionIdParam };

export function apiOperations({
  annotations,
  categories,
  properties,
  suggestions,
}: ApiServices): ApiOperation[] {
  const findAnnotation = async (user: User, property: string, id: string) => {
    const found = (await annotations.list(user, property)).find((a) => a.annotationId === id);
    if (!found) throw new AppError("annotation_not_found", errorMessages.annotationGone);
    return found;
  };
  return [
    {
      method: "GET",
      path: "/api/v1/properties",
      operationId: "listProperties",
      summary: "The GA4 properties saved in Tidemark",
      scope: "annotations:read",
      status: 200,
      response: propertyListResponse,
      handle: async ({ user }) => ({ properties: await properties.saved(user) }),
    },
    {
      method: "GET",
      path: "/api/v1/properties/{propertyId}/annotations",
      operationId: "listAnnotations",
      summary: "A property's annotations, newest first, filtered and a page at a time",
      scope: "annotations:read",
      params: propertyParam,
      query: listAnnotationsQuery,
      status: 200,
      response: annotationPage,
      handle: async ({ user, params, query }) =>
        pageOfAnnotations(
          await annotations.list(user, params.propertyId!),
          query as z.output<typeof listAnnotationsQuery>,
        ),
    },
    {
      method: "POST",
      path: "/api/v1/properties/{propertyId}/annotations",
      operationId: "createAnnotation",
      summary: "Create an annotation",
      scope: "annotations:write",
      params: propertyParam,
      body: createAnnotationRequest,
      status: 201,
      response: annotation,
      handle: ({ user, params, body }) =>
        annotations.create(
          user,
          params.propertyId!,
          body as z.output<typeof createAnnotationRequest>,
          "api",
        ),
    },
    {
      method: "GET",
      path: "/api/v1/properties/{propertyId}/annotations/{annotationId}",
      operationId: "getAnnotation",
      summary: "One annotation",
      scope: "annotations:read",
      params: annotationParams,
      status: 200,
      response: annotation,
      handle: ({ user, params }) => findAnnotation(user, params.propertyId!, params.annotationId!),
    },
    {
      method: "PATCH",
      path: "/api/v1/properties/{propertyId}/annotations/{annotationId}",
      operationId: "updateAnnotation",
      summary: "Change an annotation (Premium)",
      scope: "annotations:write",
      params: annotationParams,
      body: updateAnnotationRequest,
      status: 200,
      response: annotation,
      handle: ({ user, params, body }) =>
        annotations.update(
          user,
          params.propertyId!,
          params.annotationId!,
          body as z.output<typeof updateAnnotationRequest>,
          "api",
        ),
    },
    {
      method: "DELETE",
      path: "/api/v1/properties/{propertyId}/annotations/{annotationId}",
      operationId: "deleteAnnotation",
      summary: "Delete an annotation (Premium)",
      scope: "annotations:write",
      params: annotationParams,
      status: 200,
      response: deletedResponse,
      handle: async ({ user, params }) => {
        await annotations.remove(user, params.propertyId!, params.annotationId!, "api");
        return { deleted: true };
      },
    },
    // The suggestion inbox: the pages' routes are session routes, so programs reach the same
    // service calls here (decision 0043: one access per route).
    {
      method: "GET",
      path: "/api/v1/properties/{propertyId}/suggestions",
      operationId: "listSuggestions",
      summary: "A property's inbox of suggested annotations (open ones unless status says)",
      scope: "annotations:read",
      params: propertyParam,
      query: suggestionListQuery,
      status: 200,
      response: apiSuggestionList,
      handle: async ({ user, params, query }) => {
        const { status } = query as z.output<typeof suggestionListQuery>;
        const list = await suggestions.list(user, params.propertyId!, status);
        return { ...list, suggestions: list.suggestions satisfies ApiSuggestionAnswer[] };
      },
    },
    {
      method: "POST",
      path: "/api/v1/properties/{propertyId}/suggestions/{id}/accept",
      operationId: "acceptSuggestion",
      summary:
        "Write a suggestion as an annotation, as suggested or edited (counts against the quota)",
      scope: "annotations:write",
      params: suggestionParams,
      body: acceptSuggestionRequest,
      status: 200,
      response: apiSuggestion,
      handle: async ({ user, params, body }): Promise<ApiSuggestionAnswer> =>
        suggestions.accept(
          user,
          params.propertyId!,
          params.id!,
          (body ?? {}) as z.output<typeof acceptSuggestionRequest>,
        ),
    },
    {
      method: "POST",
      path: "/api/v1/properties/{propertyId}/suggestions/{id}/dismiss",
      operationId: "dismissSuggestion",
      summary: "Dismiss a suggestion; it is never suggested again",
      scope: "annotations:write",
      params: suggestionParams,
      status: 200,
      response: apiSuggestion,
      handle: async ({ user, params }): Promise<ApiSuggestionAnswer> =>
        suggestions.dismiss(user, params.propertyId!, params.id!),
    },
    {
      method: "POST",
      path: "/api/v1/properties/{propertyId}/suggestions/bulk",
      operationId: "decideSuggestions",
      summary: "Accept or dismiss several suggestions, each on its own",
      scope: "annotations:write",
      params: propertyParam,
      body: bulkSuggestionRequest,
      status: 200,
      response: apiBulkSuggestionResponse,
      handle: ({ user, params, body }) =>
        suggestions.bulk(user, params.propertyId!, body as z.output<typeof bulkSuggestionRequest>),
    },
    {
      method: "GET",
      path: "/api/v1/categories",
      operationId: "listCategories",
      summary: "Your categories (Premium)",
      scope: "categories:read",
      status: 200,
      response: categoryListResponse,
      handle: async ({ user }) => ({ categories: await categories.list(user) }),
    },
    {
      method: "POST",
      path: "/api/v1/categories",
      operationId: "createCategory",
      summary: "Create a category (Premium)",
      scope: "categories:write",
      body: createCategoryRequest,
      status: 201,
      response: apiCategory,
      handle: ({ user, body }) =>
        categories.create(user, body as z.output<typeof createCategoryRequest>),
    },
    {
      method: "GET",
      path: "/api/v1/categories/{categoryId}",
      operationId: "getCategory",
      summary: "One category (Premium)",
      scope: "categories:read",
      params: categoryParam,
      status: 200,
      response: apiCategory,
      handle: ({ user, params }) => categories.get(user, params.categoryId!),
    },
    {
      method: "PATCH",
      path: "/api/v1/categories/{categoryId}",
      operationId: "updateCategory",
      summary: "Change a category (Premium)",
      scope: "categories:write",
      params: categoryParam,
      body: updateCategoryRequest,
      status: 200,
      response: apiCategory,
      handle: ({ user, params, body }) =>
        categories.update(user, params.categoryId!, body as z.output<typeof updateCategoryRequest>),
    },
    {
      method: "DELETE",
      path: "/api/v1/categories/{categoryId}",
      operationId: "deleteCategory",
      summary: "Delete a category; its annotations stay, without it (Premium)",
      scope: "categories:write",
      params: categoryParam,
      status: 200,
      response: deletedResponse,
      handle: async ({ user, params }) => {
        await categories.remove(user, params.categoryId!);
        return { deleted: true };
      },
    },
  ];
}
