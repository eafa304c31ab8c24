import "../test-support/setup-dom-tests";
import { fireEvent, render, screen } from "@testing-library/react";
import { prerender } from "react-dom/static";
import { describe, expect, it } from "vitest";
import { preferenceCookies, writePreferenceCookie } from "../lib/preference-cookies";
import { storageKeys } from "../lib/storage-keys";
import { RequestCookiesProvider } from "./request-cookies";
import {
  lastSelectedPropertyId,
  moveLegacySelection,
  rememberSelectedProperty,
  SelectedPropertyProvider,
  useSelectedProperty,
} from "./selected-property";

const ada = "0b6f8a52-1111-4d5e-9c1a-3f7e2b9d0a11";
const bea = "7c1d2e3f-2222-4a5b-8c9d-0e1f2a3b4c5d";

function Shown() {
  const { propertyId, setPropertyId } = useSelectedProperty();
  return (
    <>
      <p>{propertyId || "none"}</p>
      <button type="button" onClick={() => setPropertyId("987")}>
        choose
      </button>
      <button type="button" onClick={() => setPropertyId("")}>
        clear
      </button>
    </>
  );
}

const appFor = (ownerId: string) => (
  <SelectedPropertyProvider ownerId={ownerId}>
    <Shown />
  </SelectedPropertyProvider>
);

describe("the selected property", () => {
  it("is read from its cookie and written back to it, for its owner", () => {
    rememberSelectedProperty(ada, "123456");
    render(appFor(ada));
    expect(screen.getByText("123456")).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "choose" }));
    expect(lastSelectedPropertyId(document.cookie, ada)).toBe("987");
    expect(document.cookie).toContain(`${preferenceCookies.selectedPropertyId}=${ada}.987`);
    fireEvent.click(screen.getByRole("button", { name: "clear" }));
    expect(lastSelectedPropertyId(document.cookie, ada)).toBe("");
    expect(screen.getByText("none")).toBeInTheDocument();
  });

  it("belongs to the person who chose it: someone else in the same browser never gets it", () => {
    rememberSelectedProperty(ada, "123456");
    render(appFor(bea));
    expect(screen.getByText("none")).toBeInTheDocument();
    expect(lastSelectedPropertyId(document.cookie, bea)).toBe("");
    // Bea's own choice replaces Ada's: the cookie never holds two people's choices.
    fireEvent.click(screen.getByRole("button", { name: "choose" }));
    expect(lastSelectedPropertyId(document.cookie, bea)).toBe("987");
    expect(lastSelectedPropertyId(document.cookie, ada)).toBe("");
  });

  it("ignores a value bound to no one (an earlier release's) and one that is not a property id", () => {
    writePreferenceCookie(preferenceCookies.selectedPropertyId, "123456");
    expect(lastSelectedPropertyId(document.cookie, ada)).toBe("");
    writePreferenceCookie(preferenceCookies.selectedPropertyId, `${ada}.<b>1</b>`);
    render(appFor(ada));
    expect(screen.getByText("none")).toBeInTheDocument();
    expect(lastSelectedPropertyId("tidemark_property=%E0%A4%A", ada)).toBe("");
  });

  it("drops a choice an earlier release kept in localStorage, bound to no one", () => {
    window.localStorage.setItem(storageKeys.selectedPropertyId, "555");
    expect(moveLegacySelection()).toBe(false);
    expect(window.localStorage.getItem(storageKeys.selectedPropertyId)).toBeNull();
    expect(lastSelectedPropertyId(document.cookie, ada)).toBe("");
  });

  it("on the server, is read from the request's cookies", async () => {
    const { prelude } = await prerender(
      <RequestCookiesProvider cookieHeader={`session=x; tidemark_property=${ada}.42; theme=dark`}>
        {appFor(ada)}
      </RequestCookiesProvider>,
    );
    expect(await new Response(prelude).text()).toContain("<p>42</p>");
  });
});
