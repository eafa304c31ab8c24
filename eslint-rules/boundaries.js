// @ts-check
import path from "node:path";

/**
 * Tidemark's seams, held by lint. Every folder under `src/server/features/` and
 * `src/web/features/` is a feature, so a new one is covered the day it is created.
 *
 * - A server feature may use another feature's service (its public face) but never its
 *   repository: each feature owns its tables' queries.
 * - A web feature may not import another web feature, except the composing screens named in
 *   `composingFeatures`, whose job is to put features side by side. What several features need
 *   (who is signed in, the selected property, Google's status) is app-level state in
 *   `src/web/session/`.
 * - The web's lower layers never reach up: `lib` and `components` import no session, feature or
 *   app code; `session` imports no feature or app code; features import no app code.
 */

/** @param {string} file */
const posix = (file) => file.split(path.sep).join("/");

/** Web layers, lowest first; a layer may import its own and lower ones. */
const webLayers = ["lib", "components", "session", "features", "app"];
const webLayerRank = (/** @type {string} */ layer) =>
  layer === "lib" || layer === "components" ? 0 : webLayers.indexOf(layer) - 1;

/**
 * @param {string} repoPath a path relative to the repository root, with forward slashes
 * @returns {{ side: string, area: string, feature: string | null, rest: string } | null}
 */
function locate(repoPath) {
  const match = /^src\/(server|web)\/([^/]+)\/(?:([^/]+)\/)?(.*)$/.exec(repoPath);
  if (!match) return null;
  const [, side, area, sub, rest] = match;
  if (area === "features" && sub) return { side, area, feature: sub, rest };
  return { side, area, feature: null, rest: sub ? `${sub}/${rest}` : rest };
}

/** @type {import("eslint").Rule.RuleModule} */
export const boundaries = {
  meta: {
    type: "problem",
    docs: { description: "Keeps features apart and the web's layers one-way." },
    schema: [
      {
        type: "object",
        properties: { composingFeatures: { type: "array", items: { type: "string" } } },
        additionalProperties: false,
      },
    ],
    messages: {
      foreignRepository:
        "The {{from}} feature may not import the {{to}} feature's repository; call its service.",
      foreignWebFeature:
        "The {{from}} feature may not import the {{to}} feature. Shared state belongs in src/web/session, shared UI in src/web/components; only composing screens ({{composing}}) put features together.",
      upwardLayer: "src/web/{{from}} may not import src/web/{{to}}: imports point down the layers.",
    },
  },
  create(context) {
    const composing = /** @type {{ composingFeatures?: string[] }} */ (context.options[0] ?? {})
      .composingFeatures ?? ["dashboard", "home"];
    const root = context.cwd;
    const filename = context.filename;
    const from = locate(posix(path.relative(root, filename)));
    if (!from) return {};

    /** @param {import("estree").Node} node @param {unknown} source */
    function check(node, source) {
      if (typeof source !== "string" || !source.startsWith(".")) return;
      const to = locate(posix(path.relative(root, path.resolve(path.dirname(filename), source))));
      if (!to || !from || to.side !== from.side) return;
      if (from.side === "server") {
        if (
          from.feature &&
          to.feature &&
          to.feature !== from.feature &&
          /(^|\/)[^/]*-repository(\.[jt]sx?)?$/.test(to.rest)
        ) {
          context.report({
            node,
            messageId: "foreignRepository",
            data: { from: from.feature, to: to.feature },
          });
        }
        return;
      }
      if (
        from.feature &&
        to.feature &&
        to.feature !== from.feature &&
        !composing.includes(from.feature)
      ) {
        context.report({
          node,
          messageId: "foreignWebFeature",
          data: { from: from.feature, to: to.feature, composing: composing.join(", ") },
        });
        return;
      }
      const fromRank = webLayerRank(from.area);
      const toRank = webLayerRank(to.area);
      if (fromRank >= 0 && toRank >= 0 && toRank > fromRank) {
        context.report({
          node,
          messageId: "upwardLayer",
          data: { from: from.area, to: to.area },
        });
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value),
    };
  },
};

export default { rules: { boundaries } };
