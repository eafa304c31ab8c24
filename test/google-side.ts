import { mintTokens } from "../src/sandbox/testing/sandbox-test-kit.js";
import { analyticsScopes } from "../src/server/integrations/google/google-oauth.js";

/**
 * Changes a person's annotations directly in the sandbox's Admin API, as someone working in
 * Google Analytics itself would: nothing goes through Tidemark, so no quota or record is touched.
 */
export interface GoogleSide {
  create(input: {
    title: string;
    description?: string;
    color: string;
    date: string;
  }): Promise<string>;
  patch(
    annotationId: string,
    changes: { title?: string; description?: string; color?: string },
  ): Promise<void>;
  remove(annotationId: string): Promise<void>;
  /** Every annotation of the property as Google holds it (one page: tests hold a few). */
  list(): Promise<(Record<string, unknown> & { name: string; title: string })[]>;
}

export async function googleSide(
  sandboxUrl: string,
  options: { email: string; propertyId: string; clientId: string },
): Promise<GoogleSide> {
  const { access_token: token } = await mintTokens(sandboxUrl, {
    email: options.email,
    clientId: options.clientId,
    scopes: ["openid", "email", analyticsScopes.edit, analyticsScopes.readonly],
  });
  const base = `${sandboxUrl}/v1alpha/properties/${options.propertyId}/reportingDataAnnotations`;
  const call = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok)
      throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? {} : ((await response.json()) as { name?: string });
  };
  return {
    async create(input) {
      const [year, month, day] = input.date.split("-").map(Number);
      const created = await call("POST", base, {
        title: input.title,
        ...(input.description ? { description: input.description } : {}),
        color: input.color,
        annotationDate: { year, month, day },
      });
      return created.name!.slice(created.name!.lastIndexOf("/") + 1);
    },
    async patch(annotationId, changes) {
      await call(
        "PATCH",
        `${base}/${annotationId}?updateMask=${Object.keys(changes).join(",")}`,
        changes,
      );
    },
    async remove(annotationId) {
      await call("DELETE", `${base}/${annotationId}`);
    },
    async list() {
      const page = (await call("GET", `${base}?pageSize=200`)) as {
        reportingDataAnnotations?: (Record<string, unknown> & { name: string; title: string })[];
      };
      return page.reportingDataAnnotations ?? [];
    },
  };
}
