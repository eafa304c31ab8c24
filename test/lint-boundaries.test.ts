import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/** Lints planted code as if it were the given file, with the repository's own configuration. */
async function boundaryErrors(
  filePath: string,
  code: string,
  rule = "tidemark/boundaries",
): Promise<string[]> {
  const eslint = new ESLint({ cwd: process.cwd() });
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === rule)
    .map((message) => message.message);
}

describe("the feature boundaries lint rule", () => {
  it("refuses a server feature that reads another feature's repository", async () => {
    const errors = await boundaryErrors(
      "src/server/features/annotations/planted.ts",
      'import { createPropertiesRepository } from "../properties/properties-repository.js";\nexport const x = createPropertiesRepository;\n',
    );
    expect(errors).toEqual([
      "The annotations feature may not import the properties feature's repository; call its service.",
    ]);
  });

  it("covers a server feature folder created tomorrow", async () => {
    const errors = await boundaryErrors(
      "src/server/features/audits/planted.ts",
      'export { createUsersRepository } from "../auth/users-repository.js";\n',
    );
    expect(errors).toHaveLength(1);
  });

  it("lets a server feature use another feature's service and its own repository", async () => {
    const errors = await boundaryErrors(
      "src/server/features/annotations/planted.ts",
      'import type { PropertiesService } from "../properties/properties-service.js";\nimport { createDailyQuotaRepository } from "./daily-quota-repository.js";\nexport type X = PropertiesService;\nexport const y = createDailyQuotaRepository;\n',
    );
    expect(errors).toEqual([]);
  });

  it("refuses a web feature that imports another web feature, new folders included", async () => {
    for (const filePath of [
      "src/web/features/chat/planted.ts",
      "src/web/features/account/planted.ts",
    ]) {
      const errors = await boundaryErrors(
        filePath,
        'import { AnnotationsTable } from "../annotations/annotations-table";\nexport const x = AnnotationsTable;\n',
      );
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/may not import the annotations feature/);
    }
  });

  it("refuses a dynamic import across web features too", async () => {
    const errors = await boundaryErrors(
      "src/web/features/chat/planted.ts",
      'export const load = () => import("../plans/plans-page");\n',
    );
    expect(errors).toHaveLength(1);
  });

  it("lets the composing screens put features together", async () => {
    const errors = await boundaryErrors(
      "src/web/features/dashboard/planted.ts",
      'import { ChatPanel } from "../chat/chat-panel";\nexport const x = ChatPanel;\n',
    );
    expect(errors).toEqual([]);
  });

  it("keeps the web's layers pointing down", async () => {
    const cases: [string, string][] = [
      ["src/web/lib/planted.ts", 'import { useCurrentUser } from "../session/current-user";'],
      ["src/web/components/planted.ts", 'import { ChatPanel } from "../features/chat/chat-panel";'],
      ["src/web/session/planted.ts", 'import { PlansPage } from "../features/plans/plans-page";'],
      ["src/web/features/chat/planted.ts", 'import { App } from "../../app/app";'],
    ];
    for (const [filePath, line] of cases) {
      const errors = await boundaryErrors(filePath, `${line}\nexport const x = 1;\n`);
      expect(errors, filePath).toHaveLength(1);
    }
    const allowed = await boundaryErrors(
      "src/web/features/chat/planted.ts",
      'import { useCurrentUser } from "../../session/current-user";\nimport { cn } from "../../lib/class-names";\nexport const x = [useCurrentUser, cn];\n',
    );
    expect(allowed).toEqual([]);
  });
});

describe("the offline engine's fence", () => {
  const engineFile = "src/server/features/chat/offline-engine/planted.ts";
  const fenceErrors = (code: string) =>
    boundaryErrors(engineFile, code, "@typescript-eslint/no-restricted-imports");

  it("refuses the engine anything of the server around it but the actions' types", async () => {
    for (const line of [
      'import { skills } from "../skills/registry.js";',
      'import { describeAnnotation } from "../describe-annotation.js";',
      'import { inCategory } from "../assistant-actions.js";',
      'import { AppError } from "../../../app-error.js";',
    ]) {
      const errors = await fenceErrors(`${line}\nexport const x = 1;\n`);
      expect(errors, line).toHaveLength(1);
    }
  });

  it("lets the engine use src/shared, itself and the actions' types", async () => {
    const errors = await fenceErrors(
      'import type { AssistantActions } from "../assistant-actions.js";\nimport { toIsoDate } from "../../../../shared/calendar-date.js";\nimport { cut } from "./cut-text.js";\nexport const x = [toIsoDate, cut] as unknown as AssistantActions;\n',
    );
    expect(errors).toEqual([]);
  });
});
