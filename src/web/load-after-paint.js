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
  // A hidden page paints nothing, and a browser without paint timing never says it did: both
  // load at once. The timeout is a backstop in case no paint is ever reported.
  if (
    document.visibilityState !== "visible" ||
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
