import "../../test-support/setup-dom-tests";
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { calendarOf } from "../../test-support/date-fields";
import { CommittedDateInput, DateInput, tidyDateText } from "./date-input";

function Controlled({ initial = "", max }: { initial?: string; max?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="day">Day</label>
      <DateInput
        id="day"
        value={value}
        max={max}
        onChange={setValue}
        calendarLabel="Choose the day from a calendar"
      />
    </>
  );
}

describe("tidyDateText", () => {
  it.each([
    ["2026-11-20", "2026-11-20"],
    [" 2026/11/20 ", "2026-11-20"],
    ["2026.1.5", "2026-01-05"],
    ["20261120", "2026-11-20"],
    ["2026-02-30", "2026-02-30"],
    ["11/20/2026", "11/20/2026"],
    ["soon", "soon"],
    ["", ""],
  ])("%j reads as %j", (typed, tidy) => {
    expect(tidyDateText(typed)).toBe(tidy);
  });
});

describe("DateInput", () => {
  it("shows and takes YYYY-MM-DD, tidying a near form when left", async () => {
    const user = userEvent.setup();
    render(<Controlled initial="2026-11-20" />);
    const field = screen.getByLabelText("Day");
    expect(field).toHaveAttribute("type", "text");
    expect(field).toHaveValue("2026-11-20");
    expect(field).toHaveAttribute("placeholder", "YYYY-MM-DD");

    await user.clear(field);
    await user.type(field, "2026/1/5");
    expect(field).toHaveValue("2026/1/5");
    await user.tab();
    expect(field).toHaveValue("2026-01-05");
  });

  it("keeps room for its calendar button whatever padding the field is given", () => {
    render(
      <>
        <label htmlFor="padded">Padded</label>
        <DateInput
          id="padded"
          value=""
          onChange={() => undefined}
          inputClassName="h-9 px-2"
          calendarLabel="Choose from a calendar"
        />
      </>,
    );
    expect(screen.getByLabelText("Padded").className.split(" ").at(-1)).toBe("pr-8");
  });

  it("opens the browser's calendar from its button and takes the day chosen there", async () => {
    const user = userEvent.setup();
    render(<Controlled initial="2026-11-20" max="2026-11-27" />);
    const field = screen.getByLabelText("Day");
    const calendar = calendarOf(field);
    expect(calendar).toHaveValue("2026-11-20");
    expect(calendar).toHaveAttribute("max", "2026-11-27");
    expect(calendar).toHaveAttribute("tabindex", "-1");
    expect(calendar).toHaveAttribute("aria-hidden", "true");
    const showPicker = vi.fn();
    calendar.showPicker = showPicker;

    await user.click(screen.getByRole("button", { name: "Choose the day from a calendar" }));
    expect(showPicker).toHaveBeenCalledTimes(1);
    fireEvent.change(calendar, { target: { value: "2026-11-03" } });
    expect(field).toHaveValue("2026-11-03");
  });

  it("still takes the calendar's day where the browser cannot open it on request", async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    const calendar = calendarOf(screen.getByLabelText("Day"));
    calendar.showPicker = () => {
      throw new DOMException("Not allowed", "NotAllowedError");
    };
    await user.click(screen.getByRole("button", { name: "Choose the day from a calendar" }));
    expect(calendar).toHaveFocus();
  });
});

describe("CommittedDateInput", () => {
  function Filter({ onCommit }: { onCommit: (day: string) => void }) {
    const [value, setValue] = useState("2026-11-01");
    return (
      <>
        <label htmlFor="from">From</label>
        <CommittedDateInput
          id="from"
          value={value}
          calendarLabel="Choose the first day from a calendar"
          onCommit={(day) => {
            onCommit(day);
            setValue(day);
          }}
        />
        <button type="button" onClick={() => setValue("")}>
          Clear filters
        </button>
      </>
    );
  }

  it("passes on a whole day or nothing, never a day half typed", async () => {
    const onCommit = vi.fn();
    const user = userEvent.setup();
    render(<Filter onCommit={onCommit} />);
    const field = screen.getByLabelText("From");

    await user.clear(field);
    expect(onCommit).toHaveBeenLastCalledWith("");
    onCommit.mockClear();
    await user.type(field, "2026-11-2");
    expect(onCommit).not.toHaveBeenCalled();
    expect(field).toHaveValue("2026-11-2");
    expect(field).toHaveAttribute("aria-invalid", "true");
    await user.type(field, "0");
    expect(onCommit).toHaveBeenCalledExactlyOnceWith("2026-11-20");
    expect(field).not.toHaveAttribute("aria-invalid");

    // A value set from outside replaces what is shown.
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(field).toHaveValue("");
  });
});
