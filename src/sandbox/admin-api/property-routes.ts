import type { ApiMethod } from "../http/google-api-error.js";
import { jsonResult, type HandlerResult } from "../http/handler-result.js";
import type { RequestContext, Route } from "../http/route.js";
import { wantsNumericEnums } from "../http/proto-json.js";
import { authenticateApiCall } from "../oauth/bearer-auth.js";
import { adminReadScopes } from "../oauth/scopes.js";
import { propertyForUser } from "../property-access.js";
import type { SandboxContext } from "../sandbox-context.js";

const service = "analyticsadmin.googleapis.com";

/**
 * `GET /v1beta/properties/{p}` (and v1alpha): one property as Google's `Property` resource. Apps
 * read its `timeZone` here: annotation and report dates are days in that zone.
 */
export function propertyRoutes(context: SandboxContext): Route[] {
  const route = (version: "v1beta" | "v1alpha"): Route => {
    const apiMethod: ApiMethod = {
      id: "analyticsadmin.properties.get",
      service,
      rpc: `google.analytics.admin.${version}.AnalyticsAdminService.GetProperty`,
    };
    const handle = (request: RequestContext): HandlerResult => {
      const user = authenticateApiCall(context.tokens, request, apiMethod, adminReadScopes);
      const property = propertyForUser(context.store, user, request.params.property ?? "", {
        access: "read",
        field: "name",
      });
      const numericEnums = wantsNumericEnums(request.query);
      return jsonResult({
        name: `properties/${property.id}`,
        propertyType: numericEnums ? 1 : "PROPERTY_TYPE_ORDINARY",
        parent: `accounts/${property.accountId}`,
        displayName: property.displayName,
        timeZone: property.timeZone,
        currencyCode: property.currencyCode,
        serviceLevel: numericEnums ? 1 : "GOOGLE_ANALYTICS_STANDARD",
        account: `accounts/${property.accountId}`,
      });
    };
    return {
      family: "api",
      service,
      method: "GET",
      pattern: new RegExp(`^/${version}/properties/(?<property>[^/:]+)$`),
      body: "none",
      counter: apiMethod.id,
      handle,
    };
  };
  return [route("v1beta"), route("v1alpha")];
}
