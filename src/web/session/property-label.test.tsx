import "../test-support/setup-dom-tests";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SavedPropertiesResponse } from "../../shared/contracts/properties";
import { PropertySentence } from "./property-label";
import { savedPropertiesQueryKey } from "./saved-properties";

function renderSentence(propertyId: string, saved: SavedPropertiesResponse["properties"] | null) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, enabled: saved !== null } },
  });
  if (saved) client.setQueryData(savedPropertiesQueryKey, { properties: saved });
  return render(
    <QueryClientProvider client={client}>
      <p data-testid="line">
        <PropertySentence before="Manage annotations for " propertyId={propertyId} />
      </p>
    </QueryClientProvider>,
  );
}

const shopAu = {
  id: "s1",
  propertyId: "307927948",
  name: "Shop AU",
  locked: false,
  createdAt: "2026-11-01T00:00:00Z",
} as SavedPropertiesResponse["properties"][number];

describe("PropertySentence", () => {
  it("names a saved property by its display name, its number as secondary detail", () => {
    renderSentence("307927948", [shopAu]);
    expect(screen.getByText("Manage annotations for Shop AU")).toBeInTheDocument();
    const number = screen.getByText("· 307927948");
    expect(number.className).toContain("text-xs");
    expect(screen.getByTestId("line")).toHaveTextContent(
      "Manage annotations for Shop AU · 307927948",
    );
  });

  it("falls back to the number while the names are not known, or the property has none", () => {
    let { unmount } = renderSentence("307927948", null);
    expect(screen.getByTestId("line")).toHaveTextContent(
      /^Manage annotations for property 307927948$/,
    );
    unmount();
    ({ unmount } = renderSentence("307927948", [{ ...shopAu, name: "" }]));
    expect(screen.getByTestId("line")).toHaveTextContent(
      /^Manage annotations for property 307927948$/,
    );
    unmount();
    renderSentence("111", [shopAu]);
    expect(screen.getByTestId("line")).toHaveTextContent(/^Manage annotations for property 111$/);
  });
});
