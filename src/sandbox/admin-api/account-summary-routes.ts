import { invalidArgument, type ApiMethod } from "../http/google-api-error.js";
import { jsonResult, type HandlerResult } from "../http/handler-result.js";
import type { RequestContext, Route } from "../http/route.js";
import { authenticateApiCall } from "../oauth/bearer-auth.js";
import { adminReadScopes } from "../oauth/scopes.js";
import type { SandboxContext } from "../sandbox-context.js";
import { wantsNumericEnums } from "../http/proto-json.js";
import { decodePageToken, encodePageToken, pageSizeOf } from "./list-paging.js";

const service = "analyticsadmin.googleapis.com";

/**
 * `GET /v1beta/accountSummaries` (and v1alpha): the user's accounts with their property summaries,
 * paged over accounts. `canEdit` is omitted when false, as proto3 JSON omits default values.
 */
export function accountSummaryRoutes(context: SandboxContext): Route[] {
  const route = (version: "v1beta" | "v1alpha"): Route => {
    const apiMethod: ApiMethod = {
      id: "analyticsadmin.accountSummaries.list",
      service,
      rpc: `google.analytics.admin.${version}.AnalyticsAdminService.ListAccountSummaries`,
    };
    const handle = (request: RequestContext): HandlerResult => {
      const user = authenticateApiCall(context.tokens, request, apiMethod, adminReadScopes);
      const pageSize = pageSizeOf(request.query);
      const pageToken = request.query.get("pageToken");
      let offset = 0;
      if (pageToken) {
        const token = decodePageToken(pageToken);
        if (typeof token.offset !== "number" || token.offset < 0)
          throw invalidArgument("page_token", "Invalid page token.");
        offset = token.offset;
      }
      const numericEnums = wantsNumericEnums(request.query);
      const accountIds = user.accountIds.slice(offset, offset + pageSize);
      const summaries = accountIds.flatMap((accountId) => {
        const account = context.store.accounts.get(accountId);
        if (!account) return [];
        const propertySummaries = account.propertyIds
          .filter((propertyId) => user.propertyRoles[propertyId])
          .flatMap((propertyId) => {
            const property = context.store.properties.get(propertyId);
            if (!property) return [];
            return [
              {
                property: `properties/${property.id}`,
                displayName: property.displayName,
                propertyType: numericEnums ? 1 : "PROPERTY_TYPE_ORDINARY",
                parent: `accounts/${account.id}`,
                ...(user.propertyRoles[propertyId] === "editor" ? { canEdit: true } : {}),
              },
            ];
          });
        return [
          {
            name: `accountSummaries/${account.id}`,
            account: `accounts/${account.id}`,
            displayName: account.displayName,
            ...(propertySummaries.length ? { propertySummaries } : {}),
          },
        ];
      });
      const nextOffset = offset + pageSize;
      return jsonResult({
        ...(summaries.length ? { accountSummaries: summaries } : {}),
        ...(nextOffset < user.accountIds.length
          ? { nextPageToken: encodePageToken({ offset: nextOffset }) }
          : {}),
      });
    };
    return {
      family: "api",
      service,
      method: "GET",
      pattern: new RegExp(`^/${version}/accountSummaries$`),
      body: "none",
      counter: apiMethod.id,
      handle,
    };
  };
  return [route("v1beta"), route("v1alpha")];
}
