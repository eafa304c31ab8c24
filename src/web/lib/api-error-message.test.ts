import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { serverErrorMessage } from "./api-error-message";

describe("serverErrorMessage", () => {
  it("reads our API's { error }", () => {
    expect(
      serverErrorMessage(
        new ApiError(403, "Forbidden", '{"error":"Not for you","code":"forbidden"}'),
      ),
    ).toBe("Not for you");
  });

  it("reads Better Auth's { message }", () => {
    expect(
      serverErrorMessage(
        new ApiError(400, "Bad Request", '{"message":"Invalid email","code":"X"}'),
      ),
    ).toBe("Invalid email");
  });

  it.each([
    ["an empty body", new ApiError(500, "Internal Server Error", "")],
    ["a non-JSON body", new ApiError(502, "Bad Gateway", "<html>bad gateway</html>")],
    ["JSON without a message", new ApiError(500, "Internal Server Error", '{"code":"x"}')],
    ["a blank message", new ApiError(500, "Internal Server Error", '{"error":"  "}')],
    ["something that is not an ApiError", new TypeError("Failed to fetch")],
  ])("returns null for %s", (_, error) => {
    expect(serverErrorMessage(error)).toBeNull();
  });
});
