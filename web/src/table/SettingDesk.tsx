import { useEffect, useState } from "preact/hooks";
import { messageOf } from "../app/session";
import { piecesText } from "../i18n/cards";
import { handWords, wayName } from "../i18n/hands";
import type { I18n } from "../i18n/i18n";
import { useI18n } from "../i18n/i18n";
import type { Said } from "../i18n/said";
import { say } from "../i18n/said";
import { serverText } from "../i18n/serverText";
import { PieceRow } from "../components/Piece";
import type { HouseWaySuggestion } from "../components/SettingPanel";
import { SettingPanel } from "../components/SettingPanel";
import type { CardCode } from "../game/cards";
import type { Evaluator, Piece as PieceCode } from "../game/hands";
import { cardEvaluator, tileEvaluator } from "../game/hands";
import type { TileCode } from "../game/tiles";
import type { Advice, ScoredSetting, TableInfo, TableState } from "../protocol";
import { DecisionFrame, useAct } from "./Decisions";

/** Positions (0..3) of ``hand``'s pieces among ``pieces`` (two copies of a tile told apart). */
export function positionsOf(pieces: readonly string[], hand: readonly string[]): number[] {
  const used = new Set<number>();
  const out: number[] = [];
  for (const p of hand) {
    const i = pieces.findIndex((q, k) => q === p && !used.has(k));
    if (i < 0) return [];
    used.add(i);
    out.push(i);
  }
  return out;
}

/** The signed EV per unit wagered, as a percentage with three decimals. */
export function evText(i: I18n, ev: number): string {
  return i.signedPercent(ev, 3);
}

export function AdvicePanel({
  advice,
  game,
  onUse,
}: {
  readonly advice: Advice;
  readonly game: "tiles" | "cards";
  readonly onUse: (s: ScoredSetting) => void;
}) {
  const i = useI18n();
  if (!advice.advice || !advice.settings) {
    return (
      <aside class="pg-advice" aria-label={i.t("advice.label")}>
        <h3 class="pg-advice__title">{i.t("advice.label")}</h3>
        <p class="pg-note">{i.t("advice.off")}</p>
      </aside>
    );
  }
  const best = advice.best ?? -1;
  const house = advice.house ?? -1;
  const bank = advice.role === "bank";
  return (
    <aside class="pg-advice" aria-labelledby="advice-title" data-testid="advice" data-role={advice.role}>
      <h3 id="advice-title" class="pg-advice__title">
        {i.t("advice.title", { bank: bank ? "yes" : "no" })}
      </h3>
      <p class="pg-advice__lead">
        {i.rich("advice.lead", {
          bank: bank ? "yes" : "no",
          way: <strong>{wayName(i, advice.dealer_way)}</strong>,
          fee: advice.fee,
        })}
      </p>
      <ol class="pg-advice__list">
        {advice.settings.map((s, k) => (
          <li key={k} class={`pg-advice__item${k === best ? " pg-advice__item--best" : ""}`} data-ev={s.ev_exact}>
            <div class="pg-advice__row">
              <span class="pg-advice__hands" aria-hidden="true">
                <PieceRow game={game} codes={s.high} width={17} decorative />
                <span class="pg-advice__slash">{i.t("mark.slash")}</span>
                <PieceRow game={game} codes={s.low} width={17} decorative />
              </span>
              <span class="pg-advice__ev">
                <span class="pg-visually-hidden">{i.t("advice.ev")}</span>
                {evText(i, s.ev)}
              </span>
              <button
                type="button"
                class="pg-button pg-button--ghost pg-button--small"
                aria-label={i.t("advice.useLabel", { high: piecesText(i, s.high), low: piecesText(i, s.low) })}
                onClick={() => {
                  onUse(s);
                }}
              >
                {i.t("advice.use")}
              </button>
            </div>
            <p class="pg-advice__names">
              <span class="pg-visually-hidden">
                {i.t("advice.settingSpoken", { high: piecesText(i, s.high), low: piecesText(i, s.low) })}
              </span>
              {i.t("advice.names", {
                high: handWords(i, game, s.high) ?? s.high_name,
                low: handWords(i, game, s.low) ?? s.low_name,
              })}
            </p>
            <p class="pg-advice__wpl">
              {i.t("advice.wpl", { win: i.percent(s.win), push: i.percent(s.push), lose: i.percent(s.lose) })}
            </p>
            {k === best || k === house ? (
              <p class="pg-advice__tags">
                {k === best ? <span class="pg-tag pg-tag--gold">{i.t("advice.best")}</span> : null}
                {k === house ? <span class="pg-tag">{i.t("advice.houseWay")}</span> : null}
              </p>
            ) : null}
            {s.same.map((o) => (
              <p key={`${o.high.join(" ")}/${o.low.join(" ")}`} class="pg-advice__same" data-testid="same-setting">
                {i.t("advice.same", { high: piecesText(i, o.high), low: piecesText(i, o.low) })}
              </p>
            ))}
          </li>
        ))}
      </ol>
    </aside>
  );
}

/** The setting of one of the player's hands (or the bank's): the panel, the house way with its
 * rule, the advice beside it (the bank's own hand too, from the bank's side), and the
 * house-way request. ``spots`` are the spots the server lets the player set now; ``order`` all
 * of them in the order they must be set (R-SET-07); ``voidable`` those whose hand may be void. */
export function SettingDesk({
  state,
  info,
  spots,
  order = spots,
  voidable = [],
  bank = false,
}: {
  readonly state: TableState;
  readonly info: TableInfo | null;
  readonly spots: readonly string[];
  readonly order?: readonly string[];
  readonly voidable?: readonly string[];
  readonly bank?: boolean;
}) {
  const i = useI18n();
  const { act, busy, session } = useAct(state.table);
  const [current, setCurrent] = useState(spots[0] ?? "");
  const spot = spots.includes(current) ? current : (spots[0] ?? "");
  const round = state.round;
  const pieces = round?.positions[spot]?.pieces ?? null;
  const [advice, setAdvice] = useState<Advice | null>(null);
  const [adviceError, setAdviceError] = useState<Said | null>(null);
  const [chosen, setChosen] = useState<{ key: string; high: number[] } | null>(null);
  const game = round?.game ?? state.game;
  const key = `${state.table}:${state.rounds}:${spot}:${pieces?.join(" ") ?? ""}`;
  useEffect(() => {
    setAdvice(null);
    setAdviceError(null);
    if (!pieces) return;
    let live = true;
    session.api
      .advice(state.table, spot)
      .then((a) => {
        if (live) setAdvice(a);
      })
      .catch((e: unknown) => {
        if (live) setAdviceError(messageOf(e));
      });
    return () => {
      live = false;
    };
    // The key names the hand: the advice is fetched once per hand.
  }, [key]);
  if (pieces?.length !== 4) {
    return (
      <DecisionFrame title={i.t("desk.title", { which: "mine", spot: "" })} tone="info">
        <p>{i.t("desk.waiting")}</p>
      </DecisionFrame>
    );
  }
  const asSet = info?.setting_order === "as-set";
  const evaluate = (game === "tiles" ? tileEvaluator(asSet) : cardEvaluator) as Evaluator<PieceCode>;
  const hw = advice?.house_way;
  const houseWay: HouseWaySuggestion | undefined = hw
    ? (() => {
        const high = positionsOf(pieces, hw.high);
        const [a, b] = high;
        return a !== undefined && b !== undefined
          ? {
              high: [a, b] as const,
              rule: i.t("desk.houseRule", {
                way: wayName(i, hw.name),
                rule: hw.rule ? serverText(i, hw.rule) : "none",
              }),
            }
          : undefined;
      })()
    : undefined;
  const initial = chosen?.key === key ? chosen.high : undefined;
  const title = i.t("desk.title", { which: bank ? "bank" : order.length > 1 ? "seat" : "mine", spot });
  const submit = (high: readonly string[], low: readonly string[]) => {
    if (bank) void act("bank_set", { high: [...high], low: [...low] });
    else void act("set", { spot, high: [...high], low: [...low] });
  };
  const later = order.filter((s) => !spots.includes(s));
  return (
    <DecisionFrame title={title}>
      {spots.length > 1 ? (
        <div class="pg-tabs" role="group" aria-label={i.t("desk.yourHands")}>
          {spots.map((s) => (
            <button
              key={s}
              type="button"
              class="pg-tab"
              aria-pressed={s === spot}
              onClick={() => {
                setCurrent(s);
              }}
            >
              {i.t("seat", { seat: s })}
            </button>
          ))}
        </div>
      ) : null}
      {later.length ? (
        <p class="pg-note" data-testid="set-order">
          {i.t("desk.order", { spot, later: later.map((l) => i.t("seat.lower", { seat: l })).join(i.t("desk.then")) })}
        </p>
      ) : null}
      <div class="pg-settingdesk">
        <div class="pg-settingdesk__panel">
          <SettingPanel<PieceCode>
            key={`${key}:${initial?.join(",") ?? ""}`}
            kind={game}
            pieces={pieces as readonly (TileCode | CardCode)[]}
            evaluate={evaluate}
            heading={i.t("desk.pieces", { bank: bank ? "yes" : "no" })}
            disabled={busy}
            onSubmit={(high, low) => {
              submit(high, low);
            }}
            {...(houseWay ? { houseWay } : {})}
            {...(initial ? { initialHigh: initial } : {})}
          />
          <div class="pg-actions">
            <button
              type="button"
              class="pg-button pg-button--secondary"
              disabled={busy}
              onClick={() => {
                if (bank) void act("bank_set", { high: null, low: null });
                else void act("house_way", { spot });
              }}
            >
              {i.t("desk.letDealer")}
            </button>
            {bank
              ? null
              : voidable.map((v) => (
                  <button
                    key={v}
                    type="button"
                    class="pg-button pg-button--ghost"
                    disabled={busy}
                    onClick={() => void act("void_hand", { spot: v })}
                  >
                    {i.t("desk.void", { seat: v })}
                  </button>
                ))}
          </div>
        </div>
        {advice ? (
          <AdvicePanel
            advice={advice}
            game={game}
            onUse={(s) => {
              setChosen({ key, high: positionsOf(pieces, s.high) });
            }}
          />
        ) : (
          <aside class="pg-advice" aria-label={i.t("advice.label")}>
            <p class="pg-note">{adviceError ? say(i, adviceError) : i.t("advice.computing")}</p>
          </aside>
        )}
      </div>
    </DecisionFrame>
  );
}
