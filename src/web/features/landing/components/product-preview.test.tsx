import "../../../test-support/setup-dom-tests";
import { render } from "@testing-library/react";
import { prerender } from "react-dom/static";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ProductPreview } from "./product-preview";

afterEach(() => {
  vi.useRealTimers();
});

describe("the landing page's demo", () => {
  it("counts its days from the visitor's today: yesterday's launch is on yesterday", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 11, 6, 9, 30));
    const { container } = render(<ProductPreview />);
    expect(container).toHaveTextContent("Add an annotation for yesterday");
    expect(container).toHaveTextContent(
      "Done. I created CAMPAIGN · Paid Social · Winter Sale Launch · AU · Prod on 2026-12-05.",
    );
    const rows = [...container.querySelectorAll("li")].map((row) => row.textContent);
    expect(rows).toEqual([
      "2026-12-05Winter Sale Launch",
      "2026-11-28Checkout v2 release",
      "2026-11-24CDN outage (EU)",
    ]);
    expect(container.querySelector(".invisible")).toBeNull();
  });

  it("crosses a month and a year like any day", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2027, 0, 1, 0, 5));
    const { container } = render(<ProductPreview />);
    expect(container).toHaveTextContent("on 2026-12-31.");
  });

  it("holds no day in the page drawn at build time, only its room", async () => {
    // As scripts/prerender.mjs draws the landing page.
    const { prelude } = await prerender(<ProductPreview />);
    const html = await new Response(prelude).text();
    expect(html).not.toMatch(/20\d\d-\d\d-\d\d/);
    expect(html.match(/class="tabular-nums invisible">0000-00-00</g)).toHaveLength(4);
  });
});
