import "../../test-support/setup-dom-tests";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { anAnnotation } from "../../../../test/annotation-fixtures";
import { endBeforeStartMessage } from "./annotation-date-fields";
import { calendarOf } from "../../test-support/date-fields";
import { formatAnnotationDate, formatDateRange } from "../../../shared/annotation-dates";
import { todayIsoFor } from "./annotation-format";
import { AnnotationFormDialog } from "./annotation-form-dialog";
import { AnnotationsTable } from "./annotations-table";

const range = anAnnotation({
  annotationId: "r1",
  title: "Autumn sale",
  annotationDate: { year: 2026, month: 11, day: 3 },
  annotationDateRange: {
    startDate: { year: 2026, month: 11, day: 3 },
    endDate: { year: 2026, month: 11, day: 10 },
  },
  color: "GREEN",
});

describe("date-range formatting", () => {
  it("shows a range as its first and last day, each as YYYY-MM-DD like a single day", () => {
    expect(formatAnnotationDate(range)).toBe("2026-11-03 – 2026-11-10");
    expect(
      formatDateRange({ year: 2025, month: 12, day: 28 }, { year: 2026, month: 1, day: 3 }),
    ).toBe("2025-12-28 – 2026-01-03");
    expect(formatAnnotationDate({ annotationDate: { year: 2026, month: 11, day: 3 } })).toBe(
      "2026-11-03",
    );
  });

  it("sorts ranges in the table by their first day", async () => {
    const later = {
      ...range,
      annotationId: "d1",
      title: "Single day",
      annotationDate: { year: 2026, month: 11, day: 5 },
      annotationDateRange: undefined,
    };
    render(
      <AnnotationsTable
        annotations={[later, range]}
        canEdit
        canDelete
        onEdit={vi.fn()}
        onDelete={vi.fn()}
      />,
    );
    const titles = () =>
      screen
        .getAllByRole("row")
        .slice(1)
        .map((row) => within(row).getAllByRole("cell")[1]!.textContent);
    expect(titles()).toEqual(["Single day", "Autumn sale"]);
    expect(screen.getByText("2026-11-03 – 2026-11-10")).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Date" }));
    expect(titles()).toEqual(["Autumn sale", "Single day"]);
  });
});

describe("the dialogs' date fields", () => {
  it("creates a range, refusing an end before the start", async () => {
    const onCreate = vi.fn();
    const user = userEvent.setup();
    render(
      <AnnotationFormDialog
        mode="create"
        open
        onOpenChange={vi.fn()}
        pending={false}
        draft={{ title: "Spike in sessions", date: "2026-11-03" }}
        onCreate={onCreate}
      />,
    );
    const dialog = within(await screen.findByRole("dialog", { name: "Create New Annotation" }));
    expect(dialog.getByLabelText("Title")).toHaveValue("Spike in sessions");
    expect(dialog.getByLabelText("Date")).toHaveValue("2026-11-03");

    await user.click(dialog.getByRole("radio", { name: "Date range" }));
    const start = dialog.getByLabelText("Start date");
    const end = dialog.getByLabelText("End date");
    expect(start).toHaveValue("2026-11-03");
    // Typed and shown as YYYY-MM-DD; the calendar beside each field keeps to the allowed days.
    expect(start).toHaveAttribute("type", "text");
    expect(calendarOf(start)).toHaveAttribute("max", todayIsoFor(null));
    expect(calendarOf(end)).not.toHaveAttribute("max");
    expect(calendarOf(end)).toHaveAttribute("min", "2026-11-03");

    await user.clear(end);
    await user.type(end, "2026-11-01");
    expect(dialog.getByText(endBeforeStartMessage)).toBeInTheDocument();
    expect(end).toHaveAttribute("aria-invalid", "true");
    const submit = dialog.getByRole("button", { name: "Create Annotation" });
    expect(submit).toBeDisabled();

    await user.clear(end);
    await user.type(end, "2026-11-10");
    expect(dialog.queryByText(endBeforeStartMessage)).not.toBeInTheDocument();
    await user.click(submit);
    expect(onCreate).toHaveBeenCalledWith({
      title: "Spike in sessions",
      annotationDateRange: {
        startDate: { year: 2026, month: 11, day: 3 },
        endDate: { year: 2026, month: 11, day: 10 },
      },
    });
  });

  it("refuses a new annotation that starts after today", async () => {
    const user = userEvent.setup();
    render(
      <AnnotationFormDialog
        mode="create"
        open
        onOpenChange={vi.fn()}
        pending={false}
        draft={{ title: "Next year", date: "2999-01-01" }}
        onCreate={vi.fn()}
      />,
    );
    const dialog = within(screen.getByRole("dialog"));
    expect(dialog.getByLabelText("Date")).toHaveAttribute("aria-invalid", "true");
    expect(dialog.getByRole("button", { name: "Create Annotation" })).toBeDisabled();
    await user.click(dialog.getByRole("radio", { name: "Date range" }));
    expect(dialog.getByRole("button", { name: "Create Annotation" })).toBeDisabled();
  });

  it("edits a range into another range, and into a single day, sending only the dates", async () => {
    const onUpdate = vi.fn();
    const user = userEvent.setup();
    const { unmount } = render(
      <AnnotationFormDialog
        mode="edit"
        annotation={range}
        open
        onOpenChange={vi.fn()}
        pending={false}
        onUpdate={onUpdate}
      />,
    );
    let dialog = within(await screen.findByRole("dialog", { name: "Edit Annotation" }));
    expect(dialog.getByRole("radio", { name: "Date range" })).toBeChecked();
    const end = dialog.getByLabelText("End date");
    expect(end).toHaveValue("2026-11-10");
    await user.clear(end);
    await user.type(end, "2026-11-12");
    await user.click(dialog.getByRole("button", { name: "Update Annotation" }));
    expect(onUpdate).toHaveBeenLastCalledWith({
      annotationDateRange: {
        startDate: { year: 2026, month: 11, day: 3 },
        endDate: { year: 2026, month: 11, day: 12 },
      },
    });
    unmount();

    const onOpenChange = vi.fn();
    render(
      <AnnotationFormDialog
        mode="edit"
        annotation={range}
        open
        onOpenChange={onOpenChange}
        pending={false}
        onUpdate={onUpdate}
      />,
    );
    dialog = within(await screen.findByRole("dialog", { name: "Edit Annotation" }));
    await user.click(dialog.getByRole("radio", { name: "Single day" }));
    await user.click(dialog.getByRole("button", { name: "Update Annotation" }));
    expect(onUpdate).toHaveBeenLastCalledWith({
      annotationDate: { year: 2026, month: 11, day: 3 },
    });
    expect(onUpdate).toHaveBeenCalledTimes(2);
  });
});
