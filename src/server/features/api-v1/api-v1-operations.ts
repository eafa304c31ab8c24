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
  apiCategory,
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
import type { User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import type { AnnotationsService } from "../annotations/annotations-service.js";
import type { CategoriesService } from "../categories/categories-service.js";
import type { PropertiesService } from "../properties/properties-service.js";
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
}

const propertyParam = { propertyId };
const annotationParams = { propertyId, annotationId };
const categoryParam = { categoryId };

export function apiOperations({
  annotations,
  categories,
  properties,
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
