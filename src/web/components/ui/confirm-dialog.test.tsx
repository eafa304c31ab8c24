import "../../test-support/setup-dom-tests";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from "./confirm-dialog";

function DeleteThing({ onConfirm, pending = false }: { onConfirm: () => void; pending?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete Launch
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete Annotation"
        description='Are you sure you want to delete "Launch"?'
        confirmLabel="Delete"
        destructive
        pending={pending}
        onConfirm={onConfirm}
      />
    </>
  );
}

/** The delete-account shape: the person types their email before the button wakes up. */
function TypeToConfirm({ onConfirm }: { onConfirm: () => void }) {
  const [typed, setTyped] = useState("");
  const matches = typed === "ada@example.com";
  return (
    <ConfirmDialog
      open
      onOpenChange={() => {}}
      title="Delete account"
      description="Type your email address to confirm."
      confirmLabel="Delete account"
      destructive
      confirmDisabled={!matches}
      onConfirm={onConfirm}
    >
      <label>
        Email address
        <input data-autofocus value={typed} onChange={(event) => setTyped(event.target.value)} />
      </label>
    </ConfirmDialog>
  );
}

describe("ConfirmDialog", () => {
  it("is a labelled, described modal that opens on Cancel when the action destroys something", async () => {
    const user = userEvent.setup();
    render(<DeleteThing onConfirm={() => {}} />);

    await user.click(screen.getByRole("button", { name: "Delete Launch" }));

    const dialog = screen.getByRole("dialog", { name: "Delete Annotation" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete "Launch"?');
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    expect(within(dialog).getByRole("button", { name: "Delete" })).toHaveClass("bg-destructive");
  });

  it("keeps Tab inside, closes on Escape and gives focus back to its opener", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<DeleteThing onConfirm={onConfirm} />);
    const opener = screen.getByRole("button", { name: "Delete Launch" });
    await user.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Delete Annotation" });

    await user.tab();
    expect(within(dialog).getByRole("button", { name: "Delete" })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole("button", { name: "Close" })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole("button", { name: "Close" })).toHaveFocus();

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("confirms with its button and closes with Cancel without confirming", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<DeleteThing onConfirm={onConfirm} />);

    await user.click(screen.getByRole("button", { name: "Delete Launch" }));
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Delete Launch" }));
    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("cannot be confirmed twice while the action is pending", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<DeleteThing onConfirm={onConfirm} pending />);

    await user.click(screen.getByRole("button", { name: "Delete Launch" }));
    const confirm = screen.getByRole("button", { name: "Delete" });
    // Marked disabled rather than disabled, so focus stays on it (and in the dialog).
    expect(confirm).toHaveAttribute("aria-disabled", "true");
    expect(confirm).toHaveAttribute("aria-busy", "true");
    await user.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("opens on the confirm button when nothing is destroyed", () => {
    render(
      <ConfirmDialog
        open
        onOpenChange={() => {}}
        title="Apply changes?"
        confirmLabel="Apply 2 Change(s)"
        onConfirm={() => {}}
      />,
    );
    const confirm = screen.getByRole("button", { name: "Apply 2 Change(s)" });
    expect(confirm).toHaveFocus();
    expect(confirm).not.toHaveClass("bg-destructive");
  });

  it("holds the confirm button back until its body is filled, then Enter confirms", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<TypeToConfirm onConfirm={onConfirm} />);

    const email = screen.getByLabelText("Email address");
    expect(email).toHaveFocus();
    const confirm = screen.getByRole("button", { name: "Delete account" });
    expect(confirm).toBeDisabled();

    await user.type(email, "ada@example.co{Enter}");
    expect(onConfirm).not.toHaveBeenCalled();

    await user.type(email, "m");
    expect(confirm).toBeEnabled();
    await user.keyboard("{Enter}");
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
