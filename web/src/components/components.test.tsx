import { fireEvent, render, screen } from "@testing-library/preact";
import { describe, expect, it, vi } from "vitest";
import { DECK } from "../game/cards";
import { cardEvaluator, tileEvaluator } from "../game/hands";
import { ALL_TILES } from "../game/tiles";
import type { TileCode } from "../game/tiles";
import { Card, numberPipSpots } from "./Card";
import { SUIT_COLOURS } from "./cardColours";
import { ChipStack } from "./Chip";
import { Die } from "./Die";
import { SettingPanel } from "./SettingPanel";
import { Tile } from "./Tile";
import { TileStack } from "./TileStack";

describe("Tile", () => {
  it("draws each of the 21 tiles with its pips and a spoken label", () => {
    for (const t of ALL_TILES) {
      const { container, unmount } = render(<Tile code={t.code} />);
      const svg = container.querySelector("svg");
      expect(svg?.getAttribute("role")).toBe("img");
      expect(svg?.getAttribute("aria-label")).toContain(t.code);
      expect(container.querySelectorAll("[data-pip]")).toHaveLength(t.lo + t.hi);
      unmount();
    }
  });

  it("draws a face-down tile with no pips, and hides decorative tiles", () => {
    render(<Tile code={null} />);
    const back = screen.getByRole("img", { name: "face-down tile" });
    expect(back.querySelectorAll("[data-pip]")).toHaveLength(0);
    const { container } = render(<Tile code="6-6" decorative />);
    expect(container.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
  });

  it("gives every tile's gradients ids of its own", () => {
    const { container } = render(
      <div>
        <Tile code="6-6" />
        <Tile code="1-1" />
      </div>,
    );
    const ids = Array.from(container.querySelectorAll("[id]")).map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("Card", () => {
  it("draws the 54 cards with names, number cards with their pips", () => {
    for (const code of DECK) {
      const { container, unmount } = render(<Card code={code} />);
      expect(container.querySelector("svg")?.getAttribute("aria-label")).toBeTruthy();
      unmount();
    }
    const { container } = render(<Card code="9h" />);
    // 9 centre pips plus the suit under each of the two corner indices.
    expect(container.querySelectorAll('[data-suit="h"]')).toHaveLength(11);
  });

  it("lays out number-card pips without overlap for 2..10", () => {
    for (let n = 2; n <= 10; n++) {
      const spots = numberPipSpots(n);
      expect(spots).toHaveLength(n);
      expect(new Set(spots.map(([x, y]) => `${x},${y}`)).size).toBe(n);
    }
  });

  it("uses the chosen palette and draws backs in two colours", () => {
    const { container } = render(<Card code="Kc" palette="four-colour" />);
    expect(container.querySelector('[data-suit="c"]')?.getAttribute("fill")).toBe(SUIT_COLOURS["four-colour"].c);
    render(<Card code={null} back="blue" />);
    expect(
      screen.getByRole("img", { name: "face-down card" }).querySelector("[data-back]")?.getAttribute("data-back"),
    ).toBe("blue");
  });
});

describe("Die, chips and stacks", () => {
  it("labels dice, the Dragon's Eye die apart (R-EQUIP-06)", () => {
    render(<Die value={4} />);
    expect(screen.getByRole("img", { name: "die showing 4" }).querySelectorAll('[data-pip="red"]')).toHaveLength(4);
    render(<Die value={2} dragon />);
    expect(screen.getByRole("img", { name: "Dragon's Eye die showing 2" })).toBeTruthy();
  });

  it("labels a chip stack with its amount", () => {
    render(<ChipStack amount={13_750} />);
    const stack = screen.getByRole("img", { name: "$137.50 in chips" });
    const counts = Array.from(stack.querySelectorAll("[data-count]")).map((e) => Number(e.getAttribute("data-count")));
    expect(counts).toEqual([1, 1, 2, 2, 2]);
  });

  it("stacks 1..4 face-down tiles", () => {
    render(<TileStack count={3} />);
    expect(screen.getByRole("img", { name: "stack of 3 face-down tiles" })).toBeTruthy();
  });
});

describe("SettingPanel", () => {
  const hand: readonly TileCode[] = ["4-5", "1-2", "6-6", "3-3"];

  it("places tiles by tap, names hands live, and submits a valid setting", () => {
    const onSubmit = vi.fn();
    render(<SettingPanel kind="tiles" pieces={hand} evaluate={tileEvaluator()} onSubmit={onSubmit} />);
    const submit = screen.getByRole("button", { name: "Set hands" });
    expect(submit).toHaveProperty("disabled", true);
    expect(screen.getByRole("status").textContent).toContain("Place two tiles in each hand");
    fireEvent.click(screen.getByRole("button", { name: "6-6, Teen, dealt to you" }));
    fireEvent.click(screen.getByRole("button", { name: "4-5, Chop Gow, dealt to you" }));
    // The high hand is full: the last two tiles form the low hand by themselves.
    expect(screen.getByRole("button", { name: "1-2, Gee Joon Three, low hand" })).toBeTruthy();
    expect(screen.getByTestId("high-name").textContent).toContain("High wong (Teen + nine)");
    expect(screen.getByTestId("low-name").textContent).toContain("9 (high tile 3-3)");
    expect(submit).toHaveProperty("disabled", false);
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledWith(["4-5", "6-6"], ["1-2", "3-3"]);
  });

  it("counts every key pressed before the panel renders again", async () => {
    // A fast typist: two pieces moved by keys sent before the first move's render. Each key
    // applies to what the one before it made, and focus is back on the moved piece at once.
    render(<SettingPanel kind="tiles" pieces={hand} evaluate={tileEvaluator()} />);
    const first = screen.getByRole("button", { name: "6-6, Teen, dealt to you" });
    const second = screen.getByRole("button", { name: "4-5, Chop Gow, dealt to you" });
    first.dispatchEvent(new KeyboardEvent("keydown", { key: "h", bubbles: true, cancelable: true }));
    second.dispatchEvent(new KeyboardEvent("keydown", { key: "h", bubbles: true, cancelable: true }));
    await screen.findByRole("button", { name: "4-5, Chop Gow, high hand" });
    expect(screen.getByRole("button", { name: "6-6, Teen, high hand" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "1-2, Gee Joon Three, low hand" })).toBeTruthy();
    expect(document.activeElement?.getAttribute("data-piece")).toBe("4-5");
  });

  it("explains an invalid setting before submit and fixes it by keyboard", () => {
    render(<SettingPanel kind="tiles" pieces={hand} evaluate={tileEvaluator()} initialHigh={[1, 3]} />);
    const status = screen.getByRole("status");
    expect(status.getAttribute("data-valid")).toBe("false");
    expect(status.textContent).toContain("ranks below the low hand");
    expect(screen.getByRole("button", { name: "Set hands" })).toHaveProperty("disabled", true);
    fireEvent.keyDown(screen.getByRole("button", { name: "6-6, Teen, low hand" }), { key: "h" });
    expect(screen.getByRole("button", { name: "6-6, Teen, high hand" })).toBeTruthy();
    expect(status.getAttribute("data-valid")).toBe("true");
    fireEvent.keyDown(screen.getByRole("button", { name: "6-6, Teen, high hand" }), { key: "u" });
    expect(status.getAttribute("data-valid")).toBe("incomplete");
  });

  it("applies the house way and says which rule produced it", () => {
    render(
      <SettingPanel
        kind="tiles"
        pieces={hand}
        evaluate={tileEvaluator()}
        houseWay={{ high: [0, 2], rule: "rule (b) of R-HW-01" }}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "House way" }));
    expect(screen.getByTestId("high-name").textContent).toContain("High wong");
    expect(screen.getByText("House way: rule (b) of R-HW-01")).toBeTruthy();
  });

  it("sets cards the same way and reports a foul (R-SPG-21.2)", () => {
    render(
      <SettingPanel kind="cards" pieces={["Kh", "Jk1", "5c", "Qs"]} evaluate={cardEvaluator} initialHigh={[1, 2]} />,
    );
    expect(screen.getByRole("status").getAttribute("data-valid")).toBe("false");
    fireEvent.click(screen.getByRole("button", { name: "Swap hands" }));
    expect(screen.getByRole("status").getAttribute("data-valid")).toBe("true");
    expect(screen.getByTestId("high-name").textContent).toContain("K-Q");
  });

  it("does nothing while disabled", () => {
    render(<SettingPanel kind="tiles" pieces={hand} evaluate={tileEvaluator()} disabled />);
    const piece = screen.getByRole("button", { name: "6-6, Teen, dealt to you" });
    fireEvent.click(piece);
    expect(screen.getByRole("button", { name: "6-6, Teen, dealt to you" })).toBeTruthy();
  });
});
