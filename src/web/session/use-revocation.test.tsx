import "../test-support/setup-dom-tests";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { useRevocation } from "./use-revocation";

interface Feed {
  id: string;
  name: string;
}

function Feeds({ revoke }: { revoke: (feed: Feed) => Promise<unknown> }) {
  const revocation = useRevocation<Feed>({
    listKey: ["/api/feeds"],
    revoke,
    description: "Sheets reading it stop at once.",
    confirmLabel: "Revoke feed",
    done: (feed) => ({ title: "Feed revoked", description: `${feed.name} no longer answers.` }),
  });
  return (
    <>
      <button type="button" onClick={() => revocation.ask({ id: "f1", name: "Shop feed" })}>
        Ask to revoke
      </button>
      {revocation.dialog}
    </>
  );
}

const renderFeeds = (revoke: (feed: Feed) => Promise<unknown>) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Feeds revoke={revoke} />
    </QueryClientProvider>,
  );

describe("useRevocation", () => {
  it("asks, naming the item and what stops, and revokes only once confirmed", async () => {
    const revoke = vi.fn(async () => undefined);
    const user = userEvent.setup();
    renderFeeds(revoke);
    await user.click(screen.getByRole("button", { name: "Ask to revoke" }));
    const dialog = await screen.findByRole("dialog", { name: "Revoke Shop feed?" });
    expect(dialog).toHaveTextContent("Sheets reading it stop at once.");
    expect(revoke).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Revoke feed" }));
    await waitFor(() => expect(revoke).toHaveBeenCalledWith({ id: "f1", name: "Shop feed" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("keeps the question open when the revoke fails", async () => {
    const revoke = vi.fn(async () => {
      throw new Error("offline");
    });
    const user = userEvent.setup();
    renderFeeds(revoke);
    await user.click(screen.getByRole("button", { name: "Ask to revoke" }));
    await user.click(await screen.findByRole("button", { name: "Revoke feed" }));
    await waitFor(() => expect(revoke).toHaveBeenCalledTimes(1));
    expect(screen.getByRole("dialog", { name: "Revoke Shop feed?" })).toBeInTheDocument();
  });
});
