import { describe, expect, it } from "vitest";
import { hrefOf, parseRoute } from "../app/router";
import { codeText } from "./PrivateTables";

describe("private tables in the client", () => {
  it("reads a share link and writes it back", () => {
    expect(parseRoute("#/join/7KQ2M9XD")).toEqual({ page: "join", code: "7KQ2M9XD" });
    expect(parseRoute("#/join/7kq2-m9xd")).toEqual({ page: "join", code: "7kq2-m9xd" });
    expect(parseRoute("#/join").page).toBe("not-found");
    expect(parseRoute("#/join/a/b").page).toBe("not-found");
    expect(hrefOf(parseRoute("#/join/7KQ2M9XD"))).toBe("#/join/7KQ2M9XD");
  });

  it("shows a code in two groups of four, as it is read aloud", () => {
    expect(codeText("7KQ2M9XD")).toBe("7KQ2-M9XD");
    expect(codeText("short")).toBe("short");
  });
});
