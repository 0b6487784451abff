import { useId, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { JSX, TargetedDragEvent, TargetedKeyboardEvent } from "preact";
import type { CardCode } from "../game/cards";
import type { Evaluator, HandFacts, Pair, Piece, SettingAssessment } from "../game/hands";
import { CARD_HAND_RANKS, TILE_HAND_RANKS } from "../game/hands";
import type { TileCode } from "../game/tiles";
import { cardSpoken } from "../i18n/cards";
import { factsWords, tileSpoken } from "../i18n/hands";
import type { I18n, MessageKey } from "../i18n/i18n";
import { useI18n } from "../i18n/i18n";
import { Card } from "./Card";
import type { CardPalette } from "./cardColours";
import type { Assignment, Zone } from "./settingModel";
import { emptyAssignment, fromHigh, isComplete, move, piecesIn, swapHands, toggle } from "./settingModel";
import { Tile } from "./Tile";

export type GameKind = "tiles" | "cards";

export interface HouseWaySuggestion {
  /** Positions (0..3) of the pieces the house way puts in the high hand. */
  readonly high: readonly [number, number];
  /** The rule that produced it, in words, e.g. "rule (b) of R-HW-01". */
  readonly rule: string;
}

export interface SettingPanelProps<T extends Piece> {
  readonly kind: GameKind;
  /** The four pieces dealt, in deal order (a hand may hold two copies of a tile). */
  readonly pieces: readonly T[];
  /** Names, ranks and validity of a complete setting (from the engine's tables or the server). */
  readonly evaluate: Evaluator<T>;
  readonly onSubmit?: (high: Pair<T>, low: Pair<T>) => void;
  readonly houseWay?: HouseWaySuggestion;
  /** Start with these positions in the high hand and the rest in the low hand. */
  readonly initialHigh?: readonly number[];
  readonly palette?: CardPalette;
  readonly disabled?: boolean;
  readonly heading?: string;
}

const ZONE_TITLES: Readonly<Record<Zone, MessageKey>> = {
  unset: "setting.unset",
  high: "setting.high",
  low: "setting.low",
};

const ZONE_PLACES: Readonly<Record<Zone, MessageKey>> = {
  unset: "setting.inUnset",
  high: "setting.inHigh",
  low: "setting.inLow",
};

function pieceLabel(i: I18n, kind: GameKind, piece: Piece): string {
  return kind === "tiles" ? tileSpoken(i, piece as TileCode) : cardSpoken(i, piece as CardCode);
}

/**
 * Where focus goes once the piece at `index` moved (`next`): a piece put into a hand hands it
 * to the next piece still to place (after it in the deal, else the first), so that Tab and the
 * keys go on with the pieces left; the last piece placed, or one taken back, keeps it.
 */
export function followed(next: Assignment, index: number): number {
  if (next[index] === "unset") return index;
  const left = piecesIn(next, "unset");
  return left.find((k) => k > index) ?? left[0] ?? index;
}

/**
 * The setting panel: put the four dealt tiles (or cards) into a high and a low hand by tap or
 * click, by dragging, or by keyboard alone (H, L, U on a focused piece), with each hand's name
 * and rank shown live and an invalid setting explained before it can be submitted.
 */
/** What a move says, worded in the reader's language when shown (``props``: the panel's now). */
type Announcement<T extends Piece> = (i: I18n, props: SettingPanelProps<T>) => string;

export function SettingPanel<T extends Piece>(props: SettingPanelProps<T>) {
  const { kind, pieces, evaluate, onSubmit, houseWay, palette, disabled = false } = props;
  const i = useI18n();
  const [assignment, setAssignment] = useState<Assignment>(() =>
    props.initialHigh ? fromHigh(pieces.length, props.initialHigh) : emptyAssignment(pieces.length),
  );
  // What the last move said, worded when shown: in the language the page speaks then (a switch
  // of language after the move words it again)
  const [announcement, setAnnouncement] = useState<Announcement<T> | null>(null);
  const focusAfter = useRef<number | null>(null);
  // The assignment as the last event left it: two keys pressed before the panel renders again
  // must both count, the second applied to what the first made (not to the render's copy).
  const latest = useRef<Assignment>(assignment);
  latest.current = assignment;
  const root = useRef<HTMLElement>(null);
  const ids = useId();
  const noun = kind;
  const heading = props.heading ?? i.t("setting.heading", { noun });

  // Before the browser handles the next event: focus moved back later would send a key
  // pressed on another piece in the meantime to the piece just moved.
  useLayoutEffect(() => {
    const index = focusAfter.current;
    if (index === null) return;
    focusAfter.current = null;
    root.current?.querySelector<HTMLElement>(`[data-piece-index="${index}"]`)?.focus();
  });

  const apply = (next: Assignment, index: number | null, message: Announcement<T>) => {
    if (disabled) return;
    focusAfter.current = index === null ? null : followed(next, index);
    latest.current = next;
    setAssignment(next);
    setAnnouncement(() => message);
  };

  const placeTo = (index: number, zone: Zone) => {
    const piece = pieces[index];
    if (piece === undefined) return;
    apply(move(latest.current, index, zone), index, (i) =>
      i.t("setting.moved", { piece: pieceLabel(i, kind, piece), where: i.t(ZONE_PLACES[zone]) }),
    );
  };

  const high = piecesIn(assignment, "high");
  const low = piecesIn(assignment, "low");
  const complete = isComplete(assignment);
  const pieceAt = (index: number | undefined): T => {
    const piece = index === undefined ? undefined : pieces[index];
    if (piece === undefined) throw new Error(`no piece at position ${String(index)}`);
    return piece;
  };
  const pairOf = (positions: number[]): Pair<T> => [pieceAt(positions[0]), pieceAt(positions[1])];
  const assessment: SettingAssessment | null = complete ? evaluate(pairOf(high), pairOf(low)) : null;
  const canSubmit = complete && assessment?.valid === true && !disabled;

  const onKey = (index: number) => (e: TargetedKeyboardEvent<HTMLButtonElement>) => {
    const key = e.key.toLowerCase();
    const zone: Zone | null =
      key === "h"
        ? "high"
        : key === "l"
          ? "low"
          : key === "u" || key === "backspace" || key === "delete"
            ? "unset"
            : null;
    if (zone === null) return;
    e.preventDefault();
    placeTo(index, zone);
  };

  const onDrop = (zone: Zone) => (e: TargetedDragEvent<HTMLDivElement>) => {
    e.preventDefault();
    const index = Number(e.dataTransfer?.getData("text/plain"));
    if (Number.isInteger(index) && index >= 0 && index < pieces.length) placeTo(index, zone);
  };

  const renderPiece = (index: number) => {
    const piece = pieceAt(index);
    const where = i.t(ZONE_PLACES[assignment[index] ?? "unset"]);
    return (
      <button
        type="button"
        key={index}
        class="pg-setting__piece"
        data-piece-index={index}
        data-piece={piece}
        aria-label={i.t("setting.pieceLabel", { piece: pieceLabel(i, kind, piece), where })}
        aria-describedby={`${ids}-help`}
        disabled={disabled}
        draggable={!disabled}
        onClick={() => {
          const next = toggle(latest.current, index);
          apply(next, index, (i) =>
            i.t("setting.moved", {
              piece: pieceLabel(i, kind, piece),
              where: i.t(ZONE_PLACES[next[index] ?? "unset"]),
            }),
          );
        }}
        onKeyDown={onKey(index)}
        onDragStart={(e) => e.dataTransfer?.setData("text/plain", String(index))}
      >
        {kind === "tiles" ? (
          <Tile code={piece as TileCode} width="var(--piece-width)" decorative />
        ) : (
          <Card code={piece as CardCode} width="var(--piece-width)" decorative {...(palette ? { palette } : {})} />
        )}
      </button>
    );
  };

  const renderZone = (zone: Zone) => {
    const members = piecesIn(assignment, zone);
    const facts: HandFacts | undefined =
      zone === "high" ? assessment?.high : zone === "low" ? assessment?.low : undefined;
    const ranks = kind === "tiles" ? TILE_HAND_RANKS : CARD_HAND_RANKS;
    const slots = zone === "unset" ? Math.max(members.length, 0) : 2;
    return (
      // A drop target for dragging with a pointer; the keyboard and tap paths need none.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
      <div
        class={`pg-setting__zone pg-setting__zone--${zone}`}
        role="group"
        aria-labelledby={`${ids}-${zone}`}
        data-zone={zone}
        onDragOver={(e) => {
          e.preventDefault();
        }}
        onDrop={onDrop(zone)}
      >
        <div class="pg-setting__zone-head">
          <h3 id={`${ids}-${zone}`} class="pg-setting__zone-title">
            {i.t(ZONE_TITLES[zone])}
            {zone !== "unset" ? (
              <span class="pg-visually-hidden">{i.t("setting.count", { n: members.length, noun })}</span>
            ) : null}
          </h3>
          {facts ? (
            <p class="pg-setting__hand-name" data-testid={`${zone}-name`}>
              <strong>{factsWords(i, kind, facts)}</strong>
              <span class="pg-setting__rank">{i.t("setting.rank", { rank: facts.rank, ranks })}</span>
            </p>
          ) : zone !== "unset" ? (
            <p class="pg-setting__hand-name pg-setting__hand-name--empty">{i.t("setting.two", { noun })}</p>
          ) : null}
        </div>
        <div class="pg-setting__slots">
          {members.map(renderPiece)}
          {Array.from({ length: Math.max(0, slots - members.length) }, (_, i) => (
            <span class="pg-setting__slot" key={`empty-${i}`} aria-hidden="true" />
          ))}
          {zone === "unset" && members.length === 0 ? (
            <p class="pg-setting__zone-note">{i.t("setting.allPlaced", { noun })}</p>
          ) : null}
        </div>
      </div>
    );
  };

  let status: JSX.Element;
  if (!complete) {
    status = <p class="pg-setting__status-text">{i.t("setting.place", { noun })}</p>;
  } else if (assessment?.valid) {
    status = (
      <p class="pg-setting__status-text pg-setting__status-text--ok">
        <span aria-hidden="true">{i.t("mark.ok")}</span>
        {i.t("setting.valid")}
      </p>
    );
  } else {
    status = (
      <p class="pg-setting__status-text pg-setting__status-text--bad">
        <span aria-hidden="true">{i.t("mark.bad")}</span>
        {assessment
          ? i.t("setting.reversed", {
              high: factsWords(i, kind, assessment.high),
              low: factsWords(i, kind, assessment.low),
              noun,
            })
          : null}
      </p>
    );
  }

  return (
    <section class={`pg-setting pg-setting--${kind}`} aria-labelledby={`${ids}-title`} ref={root}>
      <h2 id={`${ids}-title`} class="pg-setting__title">
        {heading}
      </h2>
      <p id={`${ids}-help`} class="pg-setting__help">
        {i.t("setting.help", { noun })}
      </p>
      <div class="pg-setting__zones">
        {renderZone("unset")}
        {renderZone("high")}
        {renderZone("low")}
      </div>
      <div
        class="pg-setting__status"
        role="status"
        aria-live="polite"
        data-valid={complete ? String(assessment?.valid) : "incomplete"}
      >
        {status}
        <span class="pg-visually-hidden">{announcement ? announcement(i, props) : ""}</span>
      </div>
      <div class="pg-setting__actions">
        <button
          type="button"
          class="pg-button pg-button--secondary"
          disabled={disabled || !complete}
          onClick={() => {
            apply(swapHands(latest.current), null, (i) => i.t("setting.swapped"));
          }}
        >
          {i.t("setting.swap")}
        </button>
        <button
          type="button"
          class="pg-button pg-button--secondary"
          disabled={disabled || piecesIn(assignment, "unset").length === pieces.length}
          onClick={() => {
            apply(emptyAssignment(pieces.length), null, (i) => i.t("setting.takenBack", { noun }));
          }}
        >
          {i.t("setting.startOver")}
        </button>
        {houseWay ? (
          <button
            type="button"
            class="pg-button pg-button--secondary"
            disabled={disabled}
            aria-describedby={`${ids}-houseway`}
            onClick={() => {
              apply(fromHigh(pieces.length, houseWay.high), null, (i, p) =>
                i.t("setting.byHouseWay", { rule: p.houseWay?.rule ?? "" }),
              );
            }}
          >
            {i.t("setting.houseWay")}
          </button>
        ) : null}
        <button
          type="button"
          class="pg-button pg-button--primary"
          disabled={!canSubmit}
          onClick={() => {
            if (canSubmit) onSubmit?.(pairOf(high), pairOf(low));
          }}
        >
          {i.t("setting.submit")}
        </button>
      </div>
      {houseWay ? (
        <p id={`${ids}-houseway`} class="pg-setting__houseway">
          {i.t("setting.houseWayRule", { rule: houseWay.rule })}
        </p>
      ) : null}
    </section>
  );
}
