import { escapeHtml } from "./html-template.js";

/** A round badge with a few letters: sandbox avatars and the favicon (no external assets anywhere). */
export function badgeSvg(options: {
  size: number;
  fill: string;
  text: string;
  label?: string;
}): string {
  const { size, fill, text, label } = options;
  const half = size / 2;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"`,
    label ? ` role="img" aria-label="${escapeHtml(label)}">` : ` aria-hidden="true">`,
    `<circle cx="${half}" cy="${half}" r="${half}" fill="${fill}"/>`,
    `<text x="${half}" y="${half}" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif"`,
    ` font-size="${Math.round(size * 0.4)}" font-weight="600" fill="#fff">${escapeHtml(text)}</text></svg>`,
  ].join("");
}
