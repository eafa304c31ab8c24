// Pre-rendered pages only: scripts/prerender.mjs puts this inline at the end of <body>, with the
// page's modules (the entry first) in data-modules. The HTML draws the page and the scripts only
// make it interactive, so they are requested once the browser reports the first contentful
// paint: fetched with the page, Chromium downloads and runs the whole entry before it paints
// anything. The modules are data, so this text (and its hash in the Content-Security-Policy) is
// the same on every page.
(function loadAfterPaint() {
  const [entry, ...chunks] = document.currentScript.dataset.modules.split(" ");
  let loaded = false;
  function load() {
    if (loaded) return;
    loaded = true;
    for (const href of chunks) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "";
    script.src = entry;
    document.head.append(script);
  }
  // What a person does before the scripts run is kept, not lost: a click on a button or a form's
  // submission is held (and the scripts load at once), and main.tsx does it again as soon as the
  // app has taken the page over. Links work without script; typed text stays in its field.
  const held = [];
  function hold(event) {
    const target = event.type === "submit" ? event.target : event.target.closest?.("button");
    if (!target) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push({ kind: event.type, target });
    load();
  }
  document.addEventListener("click", hold, true);
  document.addEventListener("submit", hold, true);
  window.takeHeldActions = () => {
    document.removeEventListener("click", hold, true);
    document.removeEventListener("submit", hold, true);
    return held.splice(0);
  };

  // A hidden page paints nothing, and a browser without paint timing never says it did: both
  // load at once. The timeout is a backstop in case no paint is ever reported.
  if (
    document.visibilityState !== "visible" ||
    typeof PerformanceObserver === "undefined" ||
    !PerformanceObserver.supportedEntryTypes?.includes("paint")
  ) {
    load();
    return;
  }
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    load();
  }).observe({ type: "paint", buffered: true });
  document.addEventListener("visibilitychange", load, { once: true });
  setTimeout(load, 3000);
})();
