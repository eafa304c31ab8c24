import "../../test-support/setup-dom-tests";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { anAnnotation } from "../../../../test/annotation-fixtures";
import type { Annotation } from "../../../shared/contracts/annotations";
import { premiumTooltips } from "../../../shared/plans";
import { AnnotationsTable, emptyTableMessage } from "./annotations-table";

/** Made in Tidemark's table, unless the overrides say otherwise. */
const made = (overrides: Partial<Annotation>) =>
  anAnnotation({
    description: "Paid social launch",
    color: "PURPLE",
    source: "tidemark",
    dateAdded: "2026-11-21T10:00:00.000Z",
    ...overrides,
  });

const annotations = [
  made({
    annotationId: "b",
    title: "Middle",
    annotationDate: { year: 2026, month: 5, day: 3 },
  }),
  made({
    annotationId: "c",
    title: "Newest",
    annotationDate: { year: 2026, month: 11, day: 20 },
  }),
  made({
    annotationId: "a",
    title: "Oldest",
    annotationDate: { year: 2025, month: 1, day: 9 },
    source: "google",
    dateAdded: null,
    color: "ORANGE",
    systemGenerated: true,
  }),
];

function renderTable(props: Partial<Parameters<typeof AnnotationsTable>[0]> = {}) {
  const onEdit = vi.fn();
  const onDelete = vi.fn();
  render(
    <AnnotationsTable
      annotations={annotations}
      canEdit
      canDelete
      onEdit={onEdit}
      onDelete={onDelete}
      {...props}
    />,
  );
  return { onEdit, onDelete };
}

function titlesInOrder(): string[] {
  return screen
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[2]!.textContent ?? "");
}

describe("AnnotationsTable", () => {
  it("shows every column and sorts newest first, toggled by the Date header", async () => {
    renderTable();
    const headers = screen.getAllByRole("columnheader").map((cell) => cell.textContent);
    expect(headers).toEqual([
      "Annotation ID",
      "Date",
      "Title",
      "Description",
      "Color",
      "Date Added",
      "Actions",
    ]);
    expect(titlesInOrder()).toEqual(["Newest", "Middle", "Oldest"]);
    expect(screen.getByRole("table", { name: "Annotations, newest first" })).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "Date" })).toHaveAttribute(
      "aria-sort",
      "descending",
    );

    await userEvent.setup().click(screen.getByRole("button", { name: "Date" }));
    expect(titlesInOrder()).toEqual(["Oldest", "Middle", "Newest"]);
    expect(screen.getByRole("table", { name: "Annotations, oldest first" })).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "Date" })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
  });

  it("formats dates as YYYY-MM-DD and Date Added as a short US date, '—' when unknown", () => {
    renderTable();
    const newest = screen.getAllByRole("row")[1]!;
    expect(newest).toHaveTextContent("2026-11-20");
    // No property zone given: UTC's calendar.
    expect(newest).toHaveTextContent("11/21/2026");
    expect(screen.getAllByRole("row")[3]).toHaveTextContent("—");
    expect(screen.getAllByRole("row")[3]).toHaveTextContent("Orange");
  });

  it("reads Date Added on the property's calendar, on either side of its midnight", () => {
    // Added at 10:00 UTC: just after midnight in Kiritimati (UTC+14), the evening before in
    // Pago Pago (UTC-11).
    const { unmount } = render(
      <AnnotationsTable
        annotations={annotations}
        canEdit
        canDelete
        onEdit={vi.fn()}
        onDelete={vi.fn()}
        timeZone="Pacific/Kiritimati"
      />,
    );
    expect(screen.getAllByRole("row")[1]).toHaveTextContent("11/22/2026");
    unmount();
    renderTable({ timeZone: "Pacific/Pago_Pago" });
    expect(screen.getAllByRole("row")[1]).toHaveTextContent("11/20/2026");
  });

  it("locks edit and delete for the free plan, with the premium tooltips", async () => {
    const { onEdit } = renderTable({ canEdit: false, canDelete: false });
    const edits = screen.getAllByRole("button", { name: premiumTooltips.edit });
    const deletes = screen.getAllByRole("button", { name: premiumTooltips.delete });
    expect(edits).toHaveLength(2);
    expect(deletes).toHaveLength(2);
    for (const button of [...edits, ...deletes])
      expect(button).toHaveAttribute("aria-disabled", "true");

    const user = userEvent.setup();
    await user.click(edits[0]!);
    expect(onEdit).not.toHaveBeenCalled();
    await user.tab();
    expect(screen.getByRole("tooltip")).toHaveTextContent(premiumTooltips.delete);
  });

  it("lets premium edit and delete, but keeps Google's own annotations read-only", async () => {
    const { onEdit, onDelete } = renderTable();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Edit Newest" }));
    await user.click(screen.getByRole("button", { name: "Delete Middle" }));
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ title: "Newest" }));
    expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ title: "Middle" }));
    expect(screen.getByRole("button", { name: "Edit Oldest (read-only)" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    expect(screen.getByRole("button", { name: "Delete Oldest (read-only)" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
  });

  it("shows the empty state", () => {
    renderTable({ annotations: [] });
    expect(screen.getByText(emptyTableMessage)).toBeInTheDocument();
    expect(emptyTableMessage).toBe(
      "No annotations yet - Create your first annotation to mark important events in your analytics.",
    );
  });
});
