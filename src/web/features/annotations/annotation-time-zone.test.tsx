import "../../test-support/setup-dom-tests";
import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { calendarOf } from "../../test-support/date-fields";
import { AnnotationFormDialog } from "./annotation-form-dialog";

// The date picker stops at the property's today, the day the server also stops at: Kiritimati
// (UTC+14) starts its day at 10:00 UTC, Pago Pago (UTC-11) at 11:00 UTC.
function openCreateAt(instant: string, timeZone: string) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(instant));
  render(
    <AnnotationFormDialog
      mode="create"
      open
      onOpenChange={() => undefined}
      pending={false}
      onCreate={() => undefined}
      timeZone={timeZone}
    />,
  );
  return within(screen.getByRole("dialog")).getByLabelText("Date");
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the create dialog's today is the property's", () => {
  it.each([
    ["2026-11-27T09:59:00Z", "Pacific/Kiritimati", "2026-11-27"],
    ["2026-11-27T10:01:00Z", "Pacific/Kiritimati", "2026-11-28"],
    ["2026-11-27T10:59:00Z", "Pacific/Pago_Pago", "2026-11-26"],
    ["2026-11-27T11:01:00Z", "Pacific/Pago_Pago", "2026-11-27"],
  ])("at %s in %s the picker starts on and stops at %s", (instant, zone, today) => {
    const date = openCreateAt(instant, zone);
    expect(date).toHaveValue(today);
    expect(calendarOf(date)).toHaveAttribute("max", today);
  });
});
