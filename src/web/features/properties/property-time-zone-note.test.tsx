import "../../test-support/setup-dom-tests";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SavedPropertyView } from "../../../shared/contracts/properties";
import { jsonResponse, stubApi } from "../../test-support/fake-api";
import { PropertyTimeZoneNote } from "./property-time-zone-note";

const selection = vi.hoisted(() => ({ propertyId: "123" }));
vi.mock("../../session/selected-property", () => ({
  useSelectedProperty: () => selection,
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

const saved = (timeZone: string | null): SavedPropertyView => ({
  id: "p1",
  propertyId: "123",
  name: "wingtiptoys.com",
  locked: true,
  timeZone,
  createdAt: "2026-11-01T00:00:00.000Z",
});

function renderNote(timeZone: string | null) {
  stubApi({ "GET /api/properties": () => jsonResponse(200, { properties: [saved(timeZone)] }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PropertyTimeZoneNote />
    </QueryClientProvider>,
  );
}

describe("the property's time zone, named once", () => {
  it("says which calendar the page's dates are on", async () => {
    renderNote("Australia/Sydney");
    expect(await screen.findByText("Dates in Australia/Sydney")).toBeInTheDocument();
  });

  it("keeps its line empty while the zone is not known, so nothing moves when it arrives", async () => {
    const { container } = renderNote(null);
    await new Promise((settle) => setTimeout(settle, 0));
    const line = container.querySelector("p");
    expect(line).toBeInTheDocument();
    expect(line).toBeEmptyDOMElement();
    expect(line).toHaveClass("min-h-4");
  });
});
