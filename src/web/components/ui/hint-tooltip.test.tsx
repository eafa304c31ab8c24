import "../../test-support/setup-dom-tests";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HintTooltip } from "./hint-tooltip";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function renderTwoHints() {
  render(
    <>
      <HintTooltip content="Premium feature - Upgrade to edit annotations">
        <button type="button">Edit</button>
      </HintTooltip>
      <HintTooltip content="Premium feature - Upgrade to delete annotations">
        <button type="button">Delete</button>
      </HintTooltip>
    </>,
  );
  const [edit, remove] = [
    screen.getByRole("button", { name: "Edit" }).parentElement!,
    screen.getByRole("button", { name: "Delete" }).parentElement!,
  ];
  return { edit, remove };
}

describe("HintTooltip", () => {
  it("waits 700 ms on a first hover, then opens the next at once when moved to within 300 ms", () => {
    const { edit, remove } = renderTwoHints();

    fireEvent.pointerEnter(edit);
    act(() => vi.advanceTimersByTime(699));
    expect(screen.queryByRole("tooltip")).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("tooltip")).toHaveTextContent("Upgrade to edit");

    fireEvent.pointerLeave(edit);
    act(() => vi.advanceTimersByTime(200));
    fireEvent.pointerEnter(remove);
    expect(screen.getByRole("tooltip")).toHaveTextContent("Upgrade to delete");
  });

  it("waits the full 700 ms again once more than 300 ms have passed", () => {
    const { edit, remove } = renderTwoHints();

    fireEvent.pointerEnter(edit);
    act(() => vi.advanceTimersByTime(700));
    fireEvent.pointerLeave(edit);
    act(() => vi.advanceTimersByTime(301));

    fireEvent.pointerEnter(remove);
    expect(screen.queryByRole("tooltip")).toBeNull();
    act(() => vi.advanceTimersByTime(700));
    expect(screen.getByRole("tooltip")).toHaveTextContent("Upgrade to delete");
  });
});
