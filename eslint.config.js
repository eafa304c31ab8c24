// @ts-check
import js from "@eslint/js";
import checkFile from "eslint-plugin-check-file";
import prettierConfig from "eslint-config-prettier";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import tidemark from "./eslint-rules/boundaries.js";

/**
 * The architecture's arrows, enforced: shared is imported by everyone and imports no side;
 * web never reaches the server; the server talks to the sandbox over HTTP only.
 * @param {string[]} forbidden folder names under src/ that the files may not import
 */
function importsMayNotReach(forbidden) {
  const patterns = forbidden.flatMap((folder) => [`**/${folder}/**`, `**/${folder}`]);
  return {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          { group: patterns, message: `This side may not import from: ${forbidden.join(", ")}.` },
        ],
      },
    ],
  };
}

/**
 * The offline engine's fence for its files `depth` folders below offline-engine/: the same import
 * path names another place at each depth, so each depth has patterns of its own.
 * @param {number} depth
 */
function offlineEngineFence(depth) {
  const out = String.raw`\.\./`.repeat(depth + 1);
  return {
    "@typescript-eslint/no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            regex: String.raw`^${out}(?!\.\./\.\./\.\./shared/|assistant-actions\.js$|\.\./\.\./db/schema/chat-memory\.js$)`,
            message:
              "The offline engine may import only src/shared, itself and types from assistant-actions.ts and db/schema/chat-memory.ts.",
          },
          {
            regex: String.raw`^${out}assistant-actions\.js$`,
            allowTypeImports: true,
            message: "The offline engine may import only types from assistant-actions.ts.",
          },
          {
            // What a conversation remembers is stored with the chat session; the engine reads it.
            regex: String.raw`^${out}\.\./\.\./db/schema/chat-memory\.js$`,
            allowTypeImports: true,
            message: "The offline engine may import only types from db/schema/chat-memory.ts.",
          },
        ],
      },
    ],
  };
}

export default tseslint.config(
  {
    ignores: ["dist/", "node_modules/", "data/", "drizzle/", "test-results/", "playwright-report/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": ["error", { allow: ["warn", "error"] }],
      eqeqeq: ["error", "smart"],
    },
  },
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { "check-file": checkFile },
    rules: {
      "check-file/filename-naming-convention": [
        "error",
        { "**/*.{ts,tsx,js,mjs}": "KEBAB_CASE" },
        { ignoreMiddleExtensions: true },
      ],
      "check-file/folder-naming-convention": ["error", { "src/**/": "KEBAB_CASE" }],
    },
  },
  { files: ["src/shared/**"], rules: importsMayNotReach(["server", "web", "sandbox"]) },
  { files: ["src/server/**"], rules: importsMayNotReach(["web", "sandbox"]) },
  { files: ["src/sandbox/**"], rules: importsMayNotReach(["server", "web"]) },
  {
    files: ["src/web/**"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...importsMayNotReach(["server", "sandbox"]),
    },
  },
  {
    // Feature seams: no server feature reads another's repository; web features meet only on the
    // composing screens below; the web's layers (lib, components → session → features → app)
    // import downwards. Decision 0017.
    files: ["src/server/**", "src/web/**"],
    plugins: { tidemark },
    rules: { "tidemark/boundaries": ["error", { composingFeatures: ["dashboard", "home"] }] },
  },
  {
    // The offline engine is a library: it reads messages into plain data and knows nothing of the
    // server around it — only src/shared, itself, and the assistant actions' types. The
    // capabilities (chat/skills) use it; it never uses them. Decision 0047.
    files: ["src/server/features/chat/offline-engine/**"],
    ignores: ["**/*.test.ts"],
    rules: offlineEngineFence(0),
  },
  {
    files: ["src/server/features/chat/offline-engine/dates/**"],
    ignores: ["**/*.test.ts"],
    rules: offlineEngineFence(1),
  },
  { files: ["scripts/**", "bench/**"], rules: { "no-console": "off" } },
  // Layout is Prettier's job; this switches off the few lint rules that would argue with it.
  prettierConfig,
);
