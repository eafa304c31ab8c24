import { stubMatchMedia } from "../../test-support/setup-dom-tests";
import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState, type ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { anAnnotation } from "../../../../test/annotation-fixtures";
import type { Annotation } from "../../../shared/contracts/annotations";
import { premiumTooltips } from "../../../shared/plans";
import { AnnotationDetailsDialog } from "./annotation-details-dialog";
import { AnnotationsTable, emptyTableMessage, tableRowsPerStep } from "./annotations-table";

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

/** The titles down the table (its second column, after Date). */
function titlesInOrder(): string[] {
  return screen
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[1]!.textContent ?? "");
}

const categories = [
  { id: "11111111-1111-4111-8111-111111111111", name: "Campaigns", color: "RED" as const },
  { id: "22222222-2222-4222-8222-222222222222", name: "Releases", color: "GREEN" as const },
];

/** A table whose selection is kept as a page keeps it. */
function SelectableTable({
  rows = annotations,
  bulkBar = <p>Bulk actions here</p>,
}: {
  rows?: readonly Annotation[];
  bulkBar?: ReactNode;
}) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  return (
    <>
      <AnnotationsTable
        annotations={rows}
        canEdit
        canDelete
        onEdit={vi.fn()}
        onDelete={vi.fn()}
        selectedIds={selected}
        onSelectionChange={setSelected}
        bulkBar={bulkBar}
      />
      <output aria-label="Selected ids">{[...selected].sort().join(",")}</output>
    </>
  );
}

const selectedIds = () => screen.getByRole("status", { name: "Selected ids" }).textContent;

describe("AnnotationsTable", () => {
  it("shows Date, Title, Description, Colour, Category, Source and Actions, newest first", async () => {
    renderTable({ categories });
    const headers = screen.getAllByRole("columnheader").map((cell) => cell.textContent);
    expect(headers).toEqual([
      "Date",
      "Title",
      "Description",
      "Colour",
      "Category",
      "Source",
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

  it("has no Category column for someone without categories", () => {
    renderTable();
    expect(screen.queryByRole("columnheader", { name: "Category" })).not.toBeInTheDocument();
  });

  it("sorts by every column from its header, A to Z first, then Z to A", async () => {
    const user = userEvent.setup();
    const rows = [
      made({ annotationId: "1", title: "beta", description: "zeta", color: "RED" }),
      made({
        annotationId: "2",
        title: "Alpha",
        description: "eta",
        color: "BLUE",
        categoryId: categories[1]!.id,
        source: "assistant",
      }),
      made({
        annotationId: "3",
        title: "gamma",
        description: "",
        color: "GREEN",
        categoryId: categories[0]!.id,
        source: "import",
      }),
    ];
    renderTable({ annotations: rows, categories });
    const cases: [string, string[]][] = [
      ["Title", ["Alpha", "beta", "gamma"]],
      ["Description", ["Alpha", "beta", "gamma"]],
      ["Colour", ["Alpha", "gamma", "beta"]],
      ["Category", ["gamma", "Alpha", "beta"]],
      ["Source", ["Alpha", "gamma", "beta"]],
    ];
    for (const [column, order] of cases) {
      await user.click(screen.getByRole("button", { name: column }));
      expect(titlesInOrder(), column).toEqual(order);
      expect(screen.getByRole("columnheader", { name: column })).toHaveAttribute(
        "aria-sort",
        "ascending",
      );
    }
    await user.click(screen.getByRole("button", { name: "Title" }));
    await user.click(screen.getByRole("button", { name: "Title" }));
    expect(titlesInOrder()).toEqual(["gamma", "beta", "Alpha"]);
    expect(screen.getByRole("table", { name: "Annotations, by title, Z to A" })).toBeVisible();
  });

  it("shows day, colour, the category's name and colour, and where each came from", () => {
    renderTable({
      annotations: [
        made({ annotationId: "x", title: "Launch", categoryId: categories[0]!.id, source: "api" }),
        ...annotations,
      ],
      categories,
    });
    const launch = screen.getByRole("row", { name: /Launch/ });
    expect(within(launch).getByText("Campaigns")).toBeInTheDocument();
    expect(launch).toHaveTextContent("API");
    expect(launch).toHaveTextContent("Purple");
    const oldest = screen.getByRole("row", { name: /Oldest/ });
    expect(oldest).toHaveTextContent("2025-01-09");
    expect(oldest).toHaveTextContent("Orange");
    expect(oldest).toHaveTextContent("Google Analytics");
    // The id and 'Date Added' live in a row's details now.
    expect(screen.queryByText("x")).not.toBeInTheDocument();
    expect(screen.queryByText("2026-11-21")).not.toBeInTheDocument();
  });

  it("opens a row's details from its title", async () => {
    const onOpen = vi.fn();
    renderTable({ onOpen });
    await userEvent.setup().click(screen.getByRole("button", { name: "Middle" }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ annotationId: "b" }));
  });

  it("searches titles and descriptions, and says so when nothing matches", async () => {
    const user = userEvent.setup();
    renderTable({
      annotations: [
        ...annotations,
        made({ annotationId: "d", title: "Pricing page", description: "New MIDDLE tier" }),
      ],
    });
    const search = await screen.findByRole("searchbox", { name: "Search annotations" });
    await user.type(search, "middle");
    expect(titlesInOrder()).toEqual(["Pricing page", "Middle"]);

    await user.clear(search);
    await user.type(search, "nothing like it");
    expect(screen.getByText("No annotations match “nothing like it”.")).toBeInTheDocument();
    const table = screen.getByRole("table");
    await user.click(within(table).getByRole("button", { name: "Clear filters" }));
    expect(search).toHaveValue("");
    expect(titlesInOrder()).toHaveLength(4);
  });

  it("filters by colour, category (or none) and period", async () => {
    const user = userEvent.setup();
    renderTable({
      annotations: [
        ...annotations,
        made({
          annotationId: "d",
          title: "Campaign",
          color: "RED",
          categoryId: categories[0]!.id,
          annotationDate: { year: 2026, month: 5, day: 1 },
          annotationDateRange: {
            startDate: { year: 2026, month: 5, day: 1 },
            endDate: { year: 2026, month: 5, day: 31 },
          },
        }),
      ],
      categories,
    });
    const colour = await screen.findByRole("combobox", { name: "Colour" });
    await user.selectOptions(colour, "RED");
    expect(titlesInOrder()).toEqual(["Campaign"]);
    await user.selectOptions(colour, "");

    const category = screen.getByRole("combobox", { name: "Category" });
    await user.selectOptions(category, "No category");
    expect(titlesInOrder()).toEqual(["Newest", "Middle", "Oldest"]);
    await user.selectOptions(category, "Campaigns");
    expect(titlesInOrder()).toEqual(["Campaign"]);
    await user.selectOptions(category, "");

    // A period overlapping the range's last days and Middle's day.
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-05-03" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-06-30" } });
    expect(titlesInOrder()).toEqual(["Middle", "Campaign"]);
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(titlesInOrder()).toHaveLength(4);
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

  it("draws the first 100 rows, and more on request", async () => {
    const many = Array.from({ length: 230 }, (_, index) =>
      made({ annotationId: `m${index}`, title: `Note ${index}` }),
    );
    renderTable({ annotations: many });
    expect(screen.getAllByRole("row")).toHaveLength(tableRowsPerStep + 1);
    await userEvent.setup().click(screen.getByRole("button", { name: "Show 100 more of 130" }));
    expect(screen.getAllByRole("row")).toHaveLength(201);
  });
});

describe("selecting rows", () => {
  it("has no checkboxes unless the page keeps a selection", () => {
    renderTable();
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
  });

  it("selects every shown row from the header, and shows the bulk bar while any are", async () => {
    const user = userEvent.setup();
    render(<SelectableTable />);
    expect(screen.queryByText("Bulk actions here")).not.toBeInTheDocument();
    // The header's box (a phone's own, shown by CSS instead, is checked below).
    const all = within(screen.getByRole("table")).getByRole("checkbox", {
      name: "Select all shown",
    });
    await user.click(all);
    expect(selectedIds()).toBe("a,b,c");
    expect(screen.getByText("Bulk actions here")).toBeInTheDocument();
    // The page's bulk bar says how many; the table does not say it again.
    expect(screen.queryByText("3 selected")).not.toBeInTheDocument();
    await user.click(all);
    expect(selectedIds()).toBe("");
    expect(screen.queryByText("Bulk actions here")).not.toBeInTheDocument();

    await user.click(screen.getByRole("checkbox", { name: "Select Middle" }));
    expect(all).toHaveProperty("indeterminate", true);
    expect(all).not.toBeChecked();
  });

  it("selects a range with shift-click, and clears one the same way", async () => {
    const user = userEvent.setup();
    const rows = ["a", "b", "c", "d", "e"].map((id, index) =>
      made({
        annotationId: id,
        title: `Row ${id}`,
        annotationDate: { year: 2026, month: 10, day: 20 - index },
      }),
    );
    render(<SelectableTable rows={rows} />);
    await user.click(screen.getByRole("checkbox", { name: "Select Row b" }));
    await user.keyboard("{Shift>}");
    await user.click(screen.getByRole("checkbox", { name: "Select Row d" }));
    await user.keyboard("{/Shift}");
    expect(selectedIds()).toBe("b,c,d");
    // Upwards from the last click, unselecting as the clicked row is unselected.
    await user.keyboard("{Shift>}");
    await user.click(screen.getByRole("checkbox", { name: "Select Row c" }));
    await user.keyboard("{/Shift}");
    expect(selectedIds()).toBe("b");
    // Without shift, only the row clicked.
    await user.click(screen.getByRole("checkbox", { name: "Select Row e" }));
    expect(selectedIds()).toBe("b,e");
  });

  it("offers every row matching a filter, beyond those shown", async () => {
    const user = userEvent.setup();
    const rows = Array.from({ length: 150 }, (_, index) =>
      made({
        annotationId: `r${String(index).padStart(3, "0")}`,
        title: `Sale ${index}`,
        color: index % 3 === 0 ? "RED" : "BLUE",
      }),
    );
    render(<SelectableTable rows={rows} />);
    // Not filtered, but more than are shown.
    expect(screen.getByRole("button", { name: "Select all 150 matching" })).toBeInTheDocument();
    await user.selectOptions(await screen.findByRole("combobox", { name: "Colour" }), "RED");
    await user.click(screen.getByRole("button", { name: "Select all 50 matching" }));
    expect(selectedIds()?.split(",")).toHaveLength(50);
    expect(screen.queryByRole("button", { name: /matching/ })).not.toBeInTheDocument();
    expect(screen.queryByText("50 selected")).not.toBeInTheDocument();
  });
});

// jsdom applies no CSS: these check the classes that make a phone's cards (Tailwind's max-sm:
// variant, below 640 px) and that there is one copy of everything; the 360 px journey in
// e2e/annotations-table.spec.ts looks at the cards themselves.
describe("on a phone (narrower than 640 px), by CSS alone", () => {
  function renderForPhone() {
    render(
      <AnnotationsTable
        annotations={[
          made({ annotationId: "x", title: "Launch", categoryId: categories[0]!.id }),
          ...annotations,
        ]}
        canEdit
        canDelete
        onEdit={vi.fn()}
        onDelete={vi.fn()}
        categories={categories}
        selectedIds={new Set()}
        onSelectionChange={vi.fn()}
      />,
    );
  }
  const classesOf = (element: Element | null) => element?.className.split(/\s+/) ?? [];

  it("draws each row once, whatever the screen: no second layout to swap to", () => {
    // The query a script once switched layouts by is never asked.
    const matchMedia = vi.fn((query: string) => query.includes("max-width: 639"));
    stubMatchMedia(matchMedia);
    try {
      renderForPhone();
      expect(matchMedia).not.toHaveBeenCalled();
    } finally {
      // @ts-expect-error jsdom has none; put it back as it was.
      delete window.matchMedia;
    }
    expect(screen.getAllByRole("table")).toHaveLength(1);
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
    expect(screen.getAllByText("Launch")).toHaveLength(1);
    expect(screen.getAllByRole("button", { name: "Edit Launch" })).toHaveLength(1);
    expect(screen.getAllByRole("checkbox", { name: "Select Launch" })).toHaveLength(1);
  });

  it("makes each row a card of title, day, colour, category, actions and its check box", () => {
    renderForPhone();
    const table = screen.getByRole("table");
    expect(classesOf(table)).toContain("max-sm:block");
    expect(table.className).toMatch(/(^|\s)sm:min-w-\[/);
    expect(classesOf(table.querySelector("thead"))).toContain("max-sm:hidden");
    expect(classesOf(table.querySelector("colgroup"))).toContain("max-sm:hidden");
    expect(classesOf(table.parentElement)).toEqual(
      expect.arrayContaining(["sm:overflow-x-auto", "sm:border"]),
    );
    expect(classesOf(table.parentElement)).not.toContain("overflow-x-auto");

    const launch = screen.getByText("Launch").closest("tr")!;
    expect(classesOf(launch)).toEqual(expect.arrayContaining(["max-sm:grid", "max-sm:border"]));
    const areaOf = (cell: Element | null) =>
      classesOf(cell).find((name) => name.startsWith("max-sm:[grid-area:"));
    const cell = (text: string) => within(launch).getByText(text).closest("td");
    expect(areaOf(cell("Launch"))).toBe("max-sm:[grid-area:title]");
    expect(areaOf(cell("2026-11-20"))).toBe("max-sm:[grid-area:date]");
    expect(areaOf(cell("Purple"))).toBe("max-sm:[grid-area:colour]");
    expect(areaOf(cell("Campaigns"))).toBe("max-sm:[grid-area:category]");
    const edit = within(launch).getByRole("button", { name: "Edit Launch" });
    expect(areaOf(edit.closest("td"))).toBe("max-sm:[grid-area:actions]");
    const box = within(launch).getByRole("checkbox", { name: "Select Launch" });
    expect(areaOf(box.closest("td"))).toBe("max-sm:[grid-area:check]");
    // Description and source stay in the row's details on a phone.
    expect(classesOf(cell("Paid social launch"))).toContain("max-sm:hidden");
    expect(classesOf(cell("Table"))).toContain("max-sm:hidden");
    // Each area a card uses is one its grid names.
    const named = /grid-template-areas:([^\]]+)/.exec(launch.className)![1]!.split(/[_']+/);
    expect(named).toEqual(
      expect.arrayContaining(["title", "date", "colour", "category", "actions", "check"]),
    );
  });

  it("sorts from the toolbar and selects all from a box that only a phone shows", async () => {
    const user = userEvent.setup();
    renderForPhone();
    const sortBy = screen.getByRole("combobox", { name: "Sort by" });
    expect(classesOf(sortBy.parentElement)).toContain("sm:hidden");
    const phoneAll = screen
      .getAllByRole("checkbox", { name: "Select all shown" })
      .find((box) => !box.closest("table"))!;
    expect(classesOf(phoneAll.closest("label"))).toContain("sm:hidden");
    expect(classesOf(screen.getByRole("table").querySelector("thead"))).toContain("max-sm:hidden");

    await user.selectOptions(sortBy, "title");
    expect(screen.getByRole("table", { name: "Annotations, by title, A to Z" })).toBeVisible();
    const titles = () =>
      [...screen.getByRole("table").querySelectorAll("tbody tr")].map(
        (row) => row.querySelector("span.font-medium")?.textContent,
      );
    expect(titles()).toEqual(["Launch", "Middle", "Newest", "Oldest"]);
    await user.click(screen.getByRole("button", { name: "Ascending" }));
    expect(screen.getByRole("table", { name: "Annotations, by title, Z to A" })).toBeVisible();
    expect(titles()).toEqual(["Oldest", "Newest", "Middle", "Launch"]);
  });
});

describe("a row's details", () => {
  it("show the id, where it came from and 'Date Added' on the property's calendar", () => {
    // Added at 10:00 UTC: just after midnight in Kiritimati (UTC+14), the evening before in
    // Pago Pago (UTC-11).
    const annotation = made({
      annotationId: "abc123",
      title: "Launch",
      source: "assistant",
      categoryId: categories[0]!.id,
    });
    const { unmount } = render(
      <AnnotationDetailsDialog
        annotation={annotation}
        canEdit
        onOpenChange={vi.fn()}
        timeZone="Pacific/Kiritimati"
        categoryName="Campaigns"
      />,
    );
    const dialog = screen.getByRole("dialog", { name: "Launch" });
    expect(dialog).toHaveTextContent("Annotation IDabc123");
    expect(dialog).toHaveTextContent("SourceAssistant");
    expect(dialog).toHaveTextContent("CategoryCampaigns");
    expect(dialog).toHaveTextContent("Date Added2026-11-22");
    unmount();
    render(
      <AnnotationDetailsDialog
        annotation={{ ...annotation, dateAdded: "2026-11-21T10:00:00.000Z" }}
        canEdit
        onOpenChange={vi.fn()}
        timeZone="Pacific/Pago_Pago"
      />,
    );
    expect(screen.getByRole("dialog", { name: "Launch" })).toHaveTextContent(
      "Date Added2026-11-20",
    );
  });

  it("say '—' for an annotation made outside Tidemark", () => {
    render(
      <AnnotationDetailsDialog
        annotation={made({ title: "Outside", source: "google", dateAdded: null })}
        canEdit={false}
        onOpenChange={vi.fn()}
      />,
    );
    const dialog = screen.getByRole("dialog", { name: "Outside" });
    expect(dialog).toHaveTextContent("SourceGoogle Analytics");
    expect(dialog).toHaveTextContent("Date Added—");
  });
});
