import "./test-support/setup-dom-tests";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import loaderSource from "./load-after-paint.js?raw";

/** Runs the loader as the browser does: a classic script at the end of <body>, modules as data. */
function runLoader(): void {
  const script = document.createElement("script");
  script.dataset.modules = "/assets/index-abc.js /assets/home-route-def.js /assets/icons-ghi.js";
  document.body.append(script);
  Object.defineProperty(document, "currentScript", { value: script, configurable: true });
  try {
    new Function(loaderSource)();
  } finally {
    Reflect.deleteProperty(document, "currentScript");
  }
}

const requested = () => ({
  entry: [...document.head.querySelectorAll<HTMLScriptElement>('script[type="module"]')].map(
    (script) => script.getAttribute("src"),
  ),
  preloads: [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute("href"),
  ),
});

let paintObservers: ((entries: { getEntriesByName: (name: string) => unknown[] }) => void)[];

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
}

beforeEach(() => {
  paintObservers = [];
  // A PerformanceObserver that reports paints when the test says the browser painted.
  vi.stubGlobal(
    "PerformanceObserver",
    class {
      static supportedEntryTypes = ["paint", "largest-contentful-paint"];
      constructor(callback: (entries: unknown, observer: unknown) => void) {
        paintObservers.push((entries) => callback(entries, this));
      }
      observe() {}
      disconnect() {
        paintObservers = [];
      }
    },
  );
});

afterEach(() => {
  window.takeHeldActions?.();
  delete window.takeHeldActions;
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, "visibilityState");
  document.head.innerHTML = "";
  document.body.innerHTML = "";
});

const firstContentfulPaint = {
  getEntriesByName: (name: string) => (name === "first-contentful-paint" ? [{}] : []),
};

describe("load-after-paint.js (pre-rendered pages)", () => {
  it("asks for the entry and the page's chunks only once the first contentful paint is reported", () => {
    setVisibility("visible");
    runLoader();
    expect(requested()).toEqual({ entry: [], preloads: [] });

    for (const report of paintObservers) report({ getEntriesByName: () => [] });
    expect(requested().entry).toEqual([]);

    for (const report of paintObservers) report(firstContentfulPaint);
    expect(requested()).toEqual({
      entry: ["/assets/index-abc.js"],
      preloads: ["/assets/home-route-def.js", "/assets/icons-ghi.js"],
    });
  });

  it("loads at once in a hidden tab, which paints nothing, and only once", () => {
    setVisibility("hidden");
    runLoader();
    expect(requested().entry).toEqual(["/assets/index-abc.js"]);
    document.dispatchEvent(new Event("visibilitychange"));
    expect(requested().entry).toHaveLength(1);
  });

  it("holds a click on a button made before the scripts ran, loads them at once and hands it over", () => {
    setVisibility("visible");
    document.body.innerHTML =
      '<button type="button">Continue with Google</button><a href="#x">link</a>';
    runLoader();
    const button = document.querySelector("button")!;
    const reachedPage = vi.fn();
    button.addEventListener("click", reachedPage);

    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    button.dispatchEvent(click);

    expect(click.defaultPrevented).toBe(true);
    expect(reachedPage).not.toHaveBeenCalled();
    expect(requested().entry).toEqual(["/assets/index-abc.js"]);
    // Links need no script: they are left alone.
    const follow = new MouseEvent("click", { bubbles: true, cancelable: true });
    document.querySelector("a")!.dispatchEvent(follow);
    expect(follow.defaultPrevented).toBe(false);

    expect(window.takeHeldActions?.()).toEqual([{ kind: "click", target: button }]);
    // Once the app has taken over, clicks go through untouched.
    button.click();
    expect(reachedPage).toHaveBeenCalledTimes(1);
  });
});
