import type { User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import type { AnalyticsProperty } from "../../../shared/contracts/google.js";
import { isKnownTimeZone } from "../../../shared/property-time-zone.js";
import type { AnalyticsGateway } from "../google-connection/analytics-gateway.js";

/** What Google says of the properties a person's account reaches. */
export function createPropertyGoogle(gateway: AnalyticsGateway) {
  async function reachableProperties(user: User): Promise<AnalyticsProperty[]> {
    return gateway.call(user, "property", (admin, token) => admin.listPropertySummaries(token), {
      retry: true,
    });
  }

  async function reachable(user: User, propertyId: string): Promise<AnalyticsProperty> {
    const property = (await reachableProperties(user)).find(
      (candidate) => candidate.propertyId === propertyId,
    );
    if (!property) {
      throw new AppError(
        "property_unreachable",
        "Your Google account cannot reach that property in Google Analytics.",
      );
    }
    return property;
  }

  /**
   * The property's reporting time zone from Google, or null when it cannot be read now (no
   * connection, Google failing): dates then fall back to the rules that need no zone, and the
   * next listing asks again.
   */
  async function readTimeZone(user: User, propertyId: string): Promise<string | null> {
    try {
      const { timeZone } = await gateway.call(
        user,
        "property",
        (admin, token) => admin.getProperty(token, propertyId),
        { retry: true },
      );
      return isKnownTimeZone(timeZone) ? timeZone : null;
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  }

  return { reachableProperties, reachable, readTimeZone };
}

export type PropertyGoogle = ReturnType<typeof createPropertyGoogle>;
