import { describe, expect, it } from "vitest";
import { readIntent } from "../offline-engine/intents.js";
import { skillFor } from "./registry.js";

describe("the undo capability", () => {
  it("claims the ways people ask to undo, whole", () => {
    for (const message of [
      "undo",
      "Undo that",
      "actually undo the last one",
      "undo it please",
      "can you undo my last change?",
      "oops, undo that!",
    ]) {
      const { intent } = readIntent(message);
      expect(intent, message).toBe("undo");
      expect(skillFor(intent).name, message).toBe("undo");
    }
  });

  it("leaves other requests to their capabilities", () => {
    expect(readIntent("cancel").intent).toBe("cancel");
    expect(readIntent("no").intent).toBe("cancel");
    expect(readIntent("add an annotation called Undo button shipped yesterday").intent).toBe(
      "create",
    );
    expect(readIntent("undo the colour change on the Launch and make it green").intent).not.toBe(
      "undo",
    );
  });
});
