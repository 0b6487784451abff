import { useEffect, useState } from "preact/hooks";
import { messageOf } from "../app/session";
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
export function evText(ev: number): string {
  const pct = (ev * 100).toFixed(3);
  return `${ev >= 0 ? "+" : "−"}${pct.replace("-", "")}%`;
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
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
  if (!advice.advice || !advice.settings) {
    return (
      <aside class="pg-advice" aria-label="Advice">
        <h3 class="pg-advice__title">Advice</h3>
        <p class="pg-note">The operator has turned advice off at this table.</p>
      </aside>
    );
  }
  const best = advice.best ?? -1;
  const house = advice.house ?? -1;
  const bank = advice.role === "bank";
  return (
    <aside class="pg-advice" aria-labelledby="advice-title" data-testid="advice" data-role={advice.role}>
      <h3 id="advice-title" class="pg-advice__title">
        Exact EV of each setting{bank ? " of the bank's hand" : ""}
      </h3>
      <p class="pg-advice__lead">
        {bank ? (
          <>
            As the bank, against every hand a player can hold, set by the <strong>{advice.dealer_way}</strong> way; per
            unit of action, commission on the bank&apos;s wins included.
          </>
        ) : (
          <>
            Against every hand the dealer can hold, set by the dealer&apos;s <strong>{advice.dealer_way}</strong> way;
            per unit wagered, commission included.
          </>
        )}
      </p>
      <ol class="pg-advice__list">
        {advice.settings.map((s, i) => (
          <li key={i} class={`pg-advice__item${i === best ? " pg-advice__item--best" : ""}`} data-ev={s.ev_exact}>
            <div class="pg-advice__row">
              <span class="pg-advice__hands" aria-hidden="true">
                <PieceRow game={game} codes={s.high} width={17} decorative />
                <span class="pg-advice__slash">/</span>
                <PieceRow game={game} codes={s.low} width={17} decorative />
              </span>
              <span class="pg-advice__ev">
                <span class="pg-visually-hidden">EV </span>
                {evText(s.ev)}
              </span>
              <button
                type="button"
                class="pg-button pg-button--ghost pg-button--small"
                aria-label={`Use ${s.high.join(" ")} high, ${s.low.join(" ")} low`}
                onClick={() => {
                  onUse(s);
                }}
              >
                Use
              </button>
            </div>
            <p class="pg-advice__names">
              <span class="pg-visually-hidden">
                High {s.high.join(" ")}, low {s.low.join(" ")}:{" "}
              </span>
              {s.high_name} / {s.low_name}
            </p>
            <p class="pg-advice__wpl">
              Win {pct(s.win)} · push {pct(s.push)} · lose {pct(s.lose)}
            </p>
            {i === best || i === house ? (
              <p class="pg-advice__tags">
                {i === best ? <span class="pg-tag pg-tag--gold">★ best</span> : null}
                {i === house ? <span class="pg-tag">house way</span> : null}
              </p>
            ) : null}
            {s.same.map((o) => (
              <p key={`${o.high.join(" ")}/${o.low.join(" ")}`} class="pg-advice__same" data-testid="same-setting">
                {o.high.join(" ")} / {o.low.join(" ")} plays exactly as this setting (hands of the same strength), so it
                is listed once.
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
  const { act, busy, session } = useAct(state.table);
  const [current, setCurrent] = useState(spots[0] ?? "");
  const spot = spots.includes(current) ? current : (spots[0] ?? "");
  const round = state.round;
  const pieces = round?.positions[spot]?.pieces ?? null;
  const [advice, setAdvice] = useState<Advice | null>(null);
  const [adviceError, setAdviceError] = useState<string | null>(null);
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
      <DecisionFrame title="Set your hand" tone="info">
        <p>Waiting for your pieces.</p>
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
          ? { high: [a, b] as const, rule: `${hw.name}${hw.rule ? `, ${hw.rule}` : ""}` }
          : undefined;
      })()
    : undefined;
  const initial = chosen?.key === key ? chosen.high : undefined;
  const title = bank ? "Set the bank's hand" : order.length > 1 ? `Set your hand on seat ${spot}` : "Set your hand";
  const submit = (high: readonly string[], low: readonly string[]) => {
    if (bank) void act("bank_set", { high: [...high], low: [...low] });
    else void act("set", { spot, high: [...high], low: [...low] });
  };
  const later = order.filter((s) => !spots.includes(s));
  return (
    <DecisionFrame title={title}>
      {spots.length > 1 ? (
        <div class="pg-tabs" role="group" aria-label="Your hands">
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
              Seat {s}
            </button>
          ))}
        </div>
      ) : null}
      {later.length ? (
        <p class="pg-note" data-testid="set-order">
          You set seat {spot} first, then seat {later.join(", then seat ")}: the hand with the larger wager is set
          first, equal wagers counterclockwise (R-SET-07).
        </p>
      ) : null}
      <div class="pg-settingdesk">
        <div class="pg-settingdesk__panel">
          <SettingPanel<PieceCode>
            key={`${key}:${initial?.join(",") ?? ""}`}
            kind={game}
            pieces={pieces as readonly (TileCode | CardCode)[]}
            evaluate={evaluate}
            heading={bank ? "The bank's pieces" : "Your pieces"}
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
              Let the dealer set it by the house way
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
                    Void my hand on seat {v} (the dealer exposed a piece)
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
          <aside class="pg-advice" aria-label="Advice">
            <p class="pg-note">{adviceError ?? "Computing the exact EV of each setting…"}</p>
          </aside>
        )}
      </div>
    </DecisionFrame>
  );
}
