import { invalidArgument, notFound, type ApiMethod } from "../http/google-api-error.js";
import { jsonResult, type HandlerResult } from "../http/handler-result.js";
import type { RequestContext, Route } from "../http/route.js";
import { authenticateApiCall } from "../oauth/bearer-auth.js";
import { adminReadScopes, adminWriteScopes } from "../oauth/scopes.js";
import { annotationIdOf, propertyForUser } from "../property-access.js";
import type { SandboxContext } from "../sandbox-context.js";
import type { AnnotationRecord, PropertyRecord, UserRecord } from "../store/sandbox-records.js";
import { recordAnnotationChange } from "./change-recorder.js";
import { FilterError, parseAnnotationFilter } from "./annotation-filter.js";
import {
  annotationMessagePath,
  annotationToJson,
  applyAnnotationFields,
  mutableAnnotationFields,
  readAnnotationInput,
  validateAnnotationDraft,
  type AnnotationDraft,
  type AnnotationInput,
  type MutableAnnotationField,
} from "./annotation-json.js";
import { bodyObject, wantsNumericEnums } from "../http/proto-json.js";
import { decodePageToken, encodePageToken, pageSizeOf } from "./list-paging.js";

const service = "analyticsadmin.googleapis.com";
const method = (name: string, rpc: string): ApiMethod => ({
  id: `analyticsadmin.properties.reportingDataAnnotations.${name}`,
  service,
  rpc: `google.analytics.admin.v1alpha.AnalyticsAdminService.${rpc}ReportingDataAnnotation${name === "list" ? "s" : ""}`,
});
const methods = {
  create: method("create", "Create"),
  get: method("get", "Get"),
  list: method("list", "List"),
  patch: method("patch", "Update"),
  delete: method("delete", "Delete"),
};

const collection = /^\/v1alpha\/properties\/(?<property>[^/]+)\/reportingDataAnnotations$/;
const item =
  /^\/v1alpha\/properties\/(?<property>[^/]+)\/reportingDataAnnotations\/(?<annotation>[^/]+)$/;

type Access = "read" | "edit";

/** The signed-in caller and the property the request names, checked for the access it needs. */
function caller(
  { store, tokens }: SandboxContext,
  request: RequestContext,
  apiMethod: ApiMethod,
  access: Access,
): { user: UserRecord; target: PropertyRecord } {
  const user = authenticateApiCall(
    tokens,
    request,
    apiMethod,
    access === "read" ? adminReadScopes : adminWriteScopes,
  );
  const field = request.params.annotation === undefined ? "parent" : "name";
  return {
    user,
    target: propertyForUser(store, user, request.params.property ?? "", { access, field }),
  };
}

function existing(request: RequestContext, target: PropertyRecord): AnnotationRecord {
  const id = annotationIdOf(request.params.annotation ?? "");
  const annotation = target.annotations.get(id);
  if (!annotation)
    throw notFound(
      `Reporting data annotation properties/${target.id}/reportingDataAnnotations/${id} was not found.`,
    );
  return annotation;
}

function writable(annotation: AnnotationRecord): AnnotationRecord {
  if (annotation.systemGenerated)
    throw invalidArgument("name", "System-generated annotations cannot be updated or deleted.");
  return annotation;
}

function respond(
  request: RequestContext,
  target: PropertyRecord,
  annotation: AnnotationRecord,
): HandlerResult {
  return jsonResult(annotationToJson(target.id, annotation, wantsNumericEnums(request.query)));
}

function create(context: SandboxContext, request: RequestContext): HandlerResult {
  const { user, target } = caller(context, request, methods.create, "edit");
  const input = readAnnotationInput(bodyObject(request.body, annotationMessagePath));
  const draft: AnnotationDraft = {
    title: "",
    description: "",
    color: "COLOR_UNSPECIFIED",
    target: undefined,
  };
  applyAnnotationFields(draft, input, input.populated);
  validateAnnotationDraft(draft);
  const annotation: AnnotationRecord = {
    id: target.nextAnnotationId,
    ...draft,
    systemGenerated: false,
  };
  target.nextAnnotationId += 1;
  target.annotations.set(annotation.id, annotation);
  recordAnnotationChange(context, target, user, "CREATED", undefined, annotation);
  context.store.changed();
  return respond(request, target, annotation);
}

function get(context: SandboxContext, request: RequestContext): HandlerResult {
  const { target } = caller(context, request, methods.get, "read");
  return respond(request, target, existing(request, target));
}

function list(context: SandboxContext, request: RequestContext): HandlerResult {
  const { target } = caller(context, request, methods.list, "read");
  const pageSize = pageSizeOf(request.query);
  const filter = request.query.get("filter") ?? "";
  let matches;
  try {
    matches = parseAnnotationFilter(filter);
  } catch (error) {
    if (error instanceof FilterError)
      throw invalidArgument("filter", `Invalid filter "${filter}": ${error.message}.`);
    throw error;
  }
  let after = 0;
  const pageToken = request.query.get("pageToken");
  if (pageToken) {
    const token = decodePageToken(pageToken);
    if (token.filter !== filter || typeof token.after !== "number") {
      throw invalidArgument(
        "page_token",
        "The page token does not match the request; every parameter except page_size must stay the same.",
      );
    }
    after = token.after;
  }
  const numericEnums = wantsNumericEnums(request.query);
  const page: AnnotationRecord[] = [];
  let more = false;
  for (const annotation of target.annotations.values()) {
    if (annotation.id <= after) continue;
    if (!matches(annotation, `properties/${target.id}/reportingDataAnnotations/${annotation.id}`))
      continue;
    if (page.length === pageSize) {
      more = true;
      break;
    }
    page.push(annotation);
  }
  const last = page[page.length - 1];
  return jsonResult({
    ...(page.length
      ? {
          reportingDataAnnotations: page.map((annotation) =>
            annotationToJson(target.id, annotation, numericEnums),
          ),
        }
      : {}),
    ...(more && last ? { nextPageToken: encodePageToken({ after: last.id, filter }) } : {}),
  });
}

function patch(context: SandboxContext, request: RequestContext): HandlerResult {
  const { user, target } = caller(context, request, methods.patch, "edit");
  const annotation = writable(existing(request, target));
  const before = { ...annotation };
  const input = readAnnotationInput(bodyObject(request.body, annotationMessagePath));
  const draft: AnnotationDraft = {
    title: annotation.title,
    description: annotation.description,
    color: annotation.color,
    target: annotation.target,
  };
  applyAnnotationFields(draft, input, updateMaskFields(request.query, input));
  validateAnnotationDraft(draft);
  Object.assign(annotation, draft);
  recordAnnotationChange(context, target, user, "UPDATED", before, annotation);
  context.store.changed();
  return respond(request, target, annotation);
}

function remove(context: SandboxContext, request: RequestContext): HandlerResult {
  const { user, target } = caller(context, request, methods.delete, "edit");
  const annotation = writable(existing(request, target));
  target.annotations.delete(annotation.id);
  recordAnnotationChange(context, target, user, "DELETED", annotation, undefined);
  context.store.changed();
  return jsonResult({});
}

/** Admin API v1alpha `properties.reportingDataAnnotations`: create, get, list, patch, delete. */
export function annotationRoutes(context: SandboxContext): Route[] {
  const api = { family: "api" as const, service };
  const route = (
    httpMethod: Route["method"],
    pattern: RegExp,
    body: "json" | "none",
    apiMethod: ApiMethod,
    handle: (context: SandboxContext, request: RequestContext) => HandlerResult,
  ): Route => ({
    ...api,
    method: httpMethod,
    pattern,
    body,
    counter: apiMethod.id,
    handle: (request) => handle(context, request),
  });
  return [
    route("POST", collection, "json", methods.create, create),
    route("GET", collection, "none", methods.list, list),
    route("GET", item, "none", methods.get, get),
    route("PATCH", item, "json", methods.patch, patch),
    route("DELETE", item, "none", methods.delete, remove),
  ];
}

/**
 * The fields a patch changes: the update mask (snake_case or camelCase paths, `*` for all), or,
 * without one, every field populated in the body.
 */
function updateMaskFields(
  query: URLSearchParams,
  input: AnnotationInput,
): MutableAnnotationField[] {
  const raw = query.get("updateMask") ?? query.get("update_mask");
  if (!raw) return input.populated;
  const fields = new Set<MutableAnnotationField>();
  for (const path of raw
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    if (path === "*") {
      for (const field of mutableAnnotationFields) fields.add(field);
      continue;
    }
    const snake = path.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    if (snake === "name" || snake === "system_generated")
      throw invalidArgument("update_mask", `update_mask: field ${snake} cannot be updated.`);
    if (!(mutableAnnotationFields as readonly string[]).includes(snake)) {
      throw invalidArgument("update_mask", `update_mask: unknown field path "${path}".`);
    }
    fields.add(snake as MutableAnnotationField);
  }
  return [...fields];
}
