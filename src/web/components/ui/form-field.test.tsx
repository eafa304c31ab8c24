import "../../test-support/setup-dom-tests";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FormField } from "./form-field";

describe("FormField", () => {
  it("labels its control and, with a problem, marks it invalid and reads the problem with it", () => {
    const { rerender } = render(
      <FormField label="Title">{(field) => <input {...field} />}</FormField>,
    );
    const input = screen.getByLabelText("Title");
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(input).not.toHaveAttribute("aria-describedby");

    rerender(
      <FormField label="Title" error="Title is required">
        {(field) => <input {...field} />}
      </FormField>,
    );
    expect(screen.getByLabelText("Title")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Title")).toHaveAccessibleDescription("Title is required");
  });
});
