import { describe, expect, it } from "vitest";
import { readIntent } from "./reading.js";
import { skillFor } from "./registry.js";
import { revertsIn } from "./undo.js";

describe("the undo capability", () => {
  it("claims the ways people ask to undo, whole", () => {
    for (const message of [
      "undo",
      "Undo that",
      "actually undo the last one",
      "undo it please",
      "can you undo my last change?",
      "oops, undo that!",
      "take that back",
    ]) {
      const { intent } = readIntent(message);
      expect(intent, message).toBe("undo");
      expect(skillFor(intent).name, message).toBe("undo");
    }
  });

  it("claims other words for taking a change back", () => {
    for (const message of [
      "roll back my last edit",
      "cmd-z",
      "reverse that please",
      "change it back the way it was",
      "restore the annotation you just removed",
      "take back what you did",
    ]) {
      expect(readIntent(message).intent, message).toBe("undo");
    }
  });

  it("hears an undo asked among other words, never in a question, a negation or a title", () => {
    for (const message of [
      "wait that was wrong, undo",
      "oh no, undo the delete!! we still need that",
      "ok actually undo the annotation i just added",
      "hmm, no, the old date was correct. please undo the date change",
      "k actually undo the teaser one, not sending it",
      "nvm, put it back",
      "revert whatever you just did",
      "hmm that was a mistake, put it back how it was",
      "ctrl+z 😅",
      "go back one step",
      "undo the last thing i did",
      "ugh no restore it",
    ])
      expect(readIntent(message).intent, message).toBe("undo");
    for (const message of [
      "why did you undo that?",
      "don't undo it, it's fine",
      "add a description to the outage: rollback fixed it",
      'add "Undo button shipped" today',
      "if i mess something up can i reverse it?",
    ])
      expect(readIntent(message).intent, message).not.toBe("undo");
  });

  it("names the kind of change to take back only when the person does", () => {
    expect(revertsIn("restore the annotation you just removed")).toBe("delete");
    expect(revertsIn("undo the one you just added")).toBe("create");
    expect(revertsIn("undo the rename")).toBe("update");
    expect(revertsIn("undo that")).toBeUndefined();
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
    expect(readIntent("put the launch back on the 12th").intent).not.toBe("undo");
    expect(readIntent("revert Launch to its old title").intent).not.toBe("undo");
  });
});
