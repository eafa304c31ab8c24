import "../../test-support/setup-dom-tests";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "./toaster";
import { dismissToast, toast, toastSettings } from "./use-toast";

beforeEach(() => {
  vi.useFakeTimers();
  // jsdom lacks pointer capture, which Radix calls while a swipe is in progress.
  Element.prototype.setPointerCapture = () => {};
  Element.prototype.releasePointerCapture = () => {};
  Element.prototype.hasPointerCapture = () => false;
});

afterEach(() => {
  // The toast store is module state: empty it so one test's toasts cannot leak into the next.
  act(() => {
    dismissToast();
    vi.runAllTimers();
  });
  vi.useRealTimers();
});

function swipeRight(element: HTMLElement, distancePx: number): void {
  const pointer = { pointerId: 1, pointerType: "mouse", button: 0, clientY: 0 };
  fireEvent.pointerDown(element, { ...pointer, clientX: 0 });
  fireEvent.pointerMove(element, { ...pointer, clientX: 5 });
  fireEvent.pointerMove(element, { ...pointer, clientX: distancePx });
  fireEvent.pointerUp(element, { ...pointer, clientX: distancePx });
}

describe("Toaster", () => {
  it("uses the spec's settings", () => {
    expect(toastSettings).toEqual({
      limit: 1,
      durationMs: 5000,
      swipeDirection: "right",
      swipeThresholdPx: 50,
      hotkey: ["F8"],
    });
  });

  it("shows at most one toast: a newer toast replaces the one on screen", () => {
    render(<Toaster />);

    act(() => {
      toast({ title: "Annotation created" });
      toast({ title: "Annotation deleted" });
    });

    expect(screen.queryByText("Annotation created")).not.toBeInTheDocument();
    expect(screen.getByText("Annotation deleted")).toBeInTheDocument();
    expect(screen.getAllByRole("listitem")).toHaveLength(1);
  });

  it("closes a toast after 5000 ms", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Plan selected" });
    });

    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByRole("listitem")).toHaveAttribute("data-state", "open");

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole("listitem")).not.toBeInTheDocument();
  });

  it("dismisses on a swipe right past 50 px, not before", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Disconnected" });
    });
    const toastElement = screen.getByRole("listitem");
    expect(toastElement).toHaveAttribute("data-swipe-direction", "right");

    swipeRight(toastElement, 50);
    expect(toastElement).toBeInTheDocument();
    expect(toastElement).toHaveAttribute("data-state", "open");

    swipeRight(toastElement, 51);
    expect(toastElement).not.toBeInTheDocument();
  });

  it("moves focus to the notifications region on F8", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Category created" });
    });
    const region = screen.getByRole("region", { name: "Notifications (F8)" });

    fireEvent.keyDown(document, { key: "F8", code: "F8" });

    expect(region.querySelector("ol")).toHaveFocus();
  });

  it("can be raised from outside React and dismissed by its handle", () => {
    render(<Toaster />);
    let handle: ReturnType<typeof toast> | undefined;
    act(() => {
      handle = toast({
        title: "Error",
        description: "Failed to update subscription plan",
        variant: "destructive",
      });
    });
    expect(screen.getByText("Failed to update subscription plan")).toBeInTheDocument();

    act(() => {
      handle?.dismiss();
      vi.runAllTimers();
    });
    expect(screen.queryByText("Failed to update subscription plan")).not.toBeInTheDocument();
  });
});
