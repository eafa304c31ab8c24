import "../../test-support/setup-dom-tests";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger, tooltipDelays } from "./tooltip";

beforeEach(() => {
  vi.useFakeTimers();
  // Radix measures the trigger with ResizeObserver, which jsdom does not implement.
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderTwoTooltips() {
  render(
    // Hoverable content keeps a tooltip open while the pointer travels towards it, which needs real
    // layout; jsdom has none, so close on leave and let the test focus on timing.
    <TooltipProvider disableHoverableContent>
      <Tooltip>
        <TooltipTrigger>Edit</TooltipTrigger>
        <TooltipContent>Premium feature - Upgrade to edit annotations</TooltipContent>
      </Tooltip>
      <Tooltip>
        <TooltipTrigger>Delete</TooltipTrigger>
        <TooltipContent>Premium feature - Upgrade to delete annotations</TooltipContent>
      </Tooltip>
    </TooltipProvider>,
  );
}

function pointAt(trigger: HTMLElement): void {
  fireEvent.pointerMove(trigger, { pointerType: "mouse" });
}

function leave(trigger: HTMLElement): void {
  fireEvent.pointerLeave(trigger, { pointerType: "mouse" });
}

describe("TooltipProvider", () => {
  it("defaults to the spec's delays", () => {
    expect(tooltipDelays).toEqual({ delayDurationMs: 700, skipDelayDurationMs: 300 });
  });

  it("opens a tooltip 700 ms after the pointer rests on its trigger", () => {
    renderTwoTooltips();

    pointAt(screen.getByRole("button", { name: "Edit" }));
    act(() => vi.advanceTimersByTime(699));
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("tooltip")).toHaveTextContent(
      "Premium feature - Upgrade to edit annotations",
    );
  });

  it("opens the next tooltip at once within 300 ms of leaving one, and waits again after", () => {
    renderTwoTooltips();
    const edit = screen.getByRole("button", { name: "Edit" });
    const remove = screen.getByRole("button", { name: "Delete" });

    pointAt(edit);
    act(() => vi.advanceTimersByTime(700));
    leave(edit);
    act(() => vi.advanceTimersByTime(299));
    pointAt(remove);
    expect(screen.getByRole("tooltip")).toHaveTextContent(
      "Premium feature - Upgrade to delete annotations",
    );

    leave(remove);
    act(() => vi.advanceTimersByTime(300));
    pointAt(edit);
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
  });
});
