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
  SelectedPropertyProvider,
  useSelectedProperty,
} from "./selected-property";

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

const app = (
  <SelectedPropertyProvider>
    <Shown />
  </SelectedPropertyProvider>
);

describe("the selected property", () => {
  it("is read from its cookie and written back to it", () => {
    writePreferenceCookie(preferenceCookies.selectedPropertyId, "123456");
    render(app);
    expect(screen.getByText("123456")).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "choose" }));
    expect(lastSelectedPropertyId(document.cookie)).toBe("987");
    fireEvent.click(screen.getByRole("button", { name: "clear" }));
    expect(lastSelectedPropertyId(document.cookie)).toBe("");
    expect(screen.getByText("none")).toBeInTheDocument();
  });

  it("ignores a cookie value that is not a property id", () => {
    document.cookie = `${preferenceCookies.selectedPropertyId}=${encodeURIComponent("<b>1</b>")}; Path=/`;
    render(app);
    expect(screen.getByText("none")).toBeInTheDocument();
    expect(lastSelectedPropertyId("tidemark_property=%E0%A4%A")).toBe("");
  });

  it("moves a choice an earlier release kept in localStorage to the cookie, once", () => {
    window.localStorage.setItem(storageKeys.selectedPropertyId, "555");
    expect(moveLegacySelection()).toBe(true);
    expect(lastSelectedPropertyId(document.cookie)).toBe("555");
    expect(window.localStorage.getItem(storageKeys.selectedPropertyId)).toBeNull();
    expect(moveLegacySelection()).toBe(false);
    render(app);
    expect(screen.getByText("555")).toBeInTheDocument();
  });

  it("keeps a choice already in the cookie over one left in localStorage", () => {
    writePreferenceCookie(preferenceCookies.selectedPropertyId, "1");
    window.localStorage.setItem(storageKeys.selectedPropertyId, "2");
    expect(moveLegacySelection()).toBe(false);
    expect(lastSelectedPropertyId(document.cookie)).toBe("1");
    expect(window.localStorage.getItem(storageKeys.selectedPropertyId)).toBeNull();
  });

  it("on the server, is read from the request's cookies", async () => {
    const { prelude } = await prerender(
      <RequestCookiesProvider cookieHeader="session=x; tidemark_property=42; theme=dark">
        {app}
      </RequestCookiesProvider>,
    );
    expect(await new Response(prelude).text()).toContain("<p>42</p>");
  });
});
