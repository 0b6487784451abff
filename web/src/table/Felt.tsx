import { useEffect, useState } from "preact/hooks";
import { ChipStack } from "../components/Chip";
import { Die } from "../components/Die";
import { Piece, PieceRow } from "../components/Piece";
import { TileStack } from "../components/TileStack";
import { displayName, positionName } from "../game/record";
import { bankSpot, dealOrder, ringOrder, tableRing, wagerLabel } from "../game/table";
import type { Pips } from "../game/tiles";
import { piecesText } from "../i18n/cards";
import { handWords } from "../i18n/hands";
import type { I18n } from "../i18n/i18n";
import { useI18n } from "../i18n/i18n";
import { profileTitle } from "../pages/profiles";
import type { PositionView, RoundView, StatementSpot, TableInfo, TableState } from "../protocol";

/** A result on a seat's badge: "Wins", "Loses", "Push", "Bank". */
function resultWords(i: I18n, result: string): string {
  return i.t("badge.result", { result: result || "none" });
}

/** Which side won the high and the low hand: "player" or "dealer" (R-SETTLE). */
interface Compared {
  readonly high: string;
  readonly low: string;
}

/** The comparisons of the hand on `pos`, as the server's results give them (null: none shown). */
function comparedAt(round: RoundView, pos: string): Compared | null {
  if (round.phase !== "done") return null;
  for (const r of Object.values(round.results)) {
    if (r.spot === pos && r.high !== undefined && r.low !== undefined) return { high: r.high, low: r.low };
  }
  return null;
}

/** A half's comparison marked: ▲ the hand won it, ▼ the dealer did, said in words too. */
function CompareMark({ half, winner }: { readonly half: "high" | "low"; readonly winner: string }) {
  const i = useI18n();
  const won = winner === "player";
  const mark = won ? "▲" : "▼";
  return (
    <span class={`pg-compare pg-compare--${won ? "won" : "lost"}`} data-compare={half} data-winner={winner}>
      <span aria-hidden="true">{mark}</span>
      <span class="pg-visually-hidden">{i.t("felt.compare", { half, won: won ? "yes" : "no" })}</span>
    </span>
  );
}

function HandView({
  game,
  pos,
  view,
  shown,
  order,
  exposedAt,
  compared = null,
}: {
  readonly game: "tiles" | "cards";
  readonly pos: string;
  readonly view: PositionView;
  /** The hand is face up for this viewer. */
  readonly shown: boolean;
  /** The position's turn in the deal (for the deal landing in order). */
  readonly order: number;
  /** The position's turn in the exposure (settlement), or -1. */
  readonly exposedAt: number;
  /** At settlement, which side won each half against the dealer (the server's results). */
  readonly compared?: Compared | null;
}) {
  const i = useI18n();
  const width = game === "tiles" ? "var(--felt-tile)" : "var(--felt-card)";
  const style = { "--deal-i": String(order), "--expose-i": String(Math.max(exposedAt, 0)) };
  const where = positionName(i, pos);
  if (view.collected) {
    return (
      <p class="pg-hand pg-hand--collected" style={style}>
        {i.t("hand.collected")}
      </p>
    );
  }
  if (!view.dealt) return null;
  if (view.setting && shown) {
    const high = handWords(i, game, view.setting.high);
    const low = handWords(i, game, view.setting.low);
    return (
      <div
        class={`pg-hand pg-hand--set${exposedAt >= 0 ? " pg-hand--exposed" : ""}`}
        style={style}
        data-position={pos}
        data-deal-order={order}
        data-expose-order={exposedAt}
        role="group"
        aria-label={i.t("hand.setLabel", {
          where,
          high: piecesText(i, view.setting.high),
          highName: high ?? "none",
          low: piecesText(i, view.setting.low),
          lowName: low ?? "none",
        })}
      >
        <div class="pg-hand__half">
          <PieceRow game={game} codes={view.setting.high} width={width} decorative />
          <span class="pg-hand__name" aria-hidden="true">
            {high ?? i.t("hand.highShort")}
          </span>
          {compared ? <CompareMark half="high" winner={compared.high} /> : null}
        </div>
        <div class="pg-hand__half pg-hand__half--low">
          <PieceRow game={game} codes={view.setting.low} width={width} decorative />
          <span class="pg-hand__name" aria-hidden="true">
            {low ?? i.t("hand.lowShort")}
          </span>
          {compared ? <CompareMark half="low" winner={compared.low} /> : null}
        </div>
      </div>
    );
  }
  const pieces = view.pieces ?? [null, null, null, null];
  const state = view.set ? "set" : view.pieces ? "yours" : "down";
  return (
    <div
      class={`pg-hand pg-hand--dealt${view.set ? " pg-hand--isset" : ""}`}
      style={style}
      data-position={pos}
      data-deal-order={order}
      data-expose-order={exposedAt}
      role="group"
      aria-label={i.t("hand.dealtLabel", { where, pieces: view.pieces ? piecesText(i, view.pieces) : "none", state })}
    >
      <PieceRow game={game} codes={pieces} width={width} decorative />
    </div>
  );
}

function Badge({
  entry,
  named,
  exposedAt,
}: {
  readonly entry: StatementSpot;
  readonly named: boolean;
  readonly exposedAt: number;
}) {
  const i = useI18n();
  const result = entry.result ?? "";
  const words = resultWords(i, result);
  const mark = result === "win" ? "▲ " : result === "lose" || result === "surrender" ? "▼ " : "■ ";
  return (
    <p
      class={`pg-result pg-result--${result || "none"}`}
      style={{ "--expose-i": String(Math.max(exposedAt, 0)) }}
      data-result={result}
      data-player={entry.player}
      data-net={entry.net}
    >
      <span aria-hidden="true">{mark}</span>
      {i.t("badge.text", { who: named ? displayName(i, entry.player) : "none", words, net: i.signed(entry.net) })}
    </p>
  );
}

function Spot({
  pos,
  state,
  info,
  round,
  me,
  deal,
  exposure,
}: {
  readonly pos: string;
  readonly state: TableState;
  readonly info: TableInfo | null;
  readonly round: RoundView | null;
  readonly me: string | null;
  readonly deal: readonly string[];
  readonly exposure: readonly string[];
}) {
  const i = useI18n();
  const seated = Object.entries(state.seats).find(([, p]) => p === pos)?.[0] ?? null;
  const view = round?.positions[pos];
  const wagers = round ? round.wagers.filter((w) => w.spot === pos) : [];
  const main = wagers.filter((w) => w.kind === "main");
  const side = wagers.filter((w) => w.kind !== "main");
  const banks = round !== null && round.banker.player !== null && bankSpot(round) === pos;
  const waiting = state.waiting?.who ?? [];
  const turn = seated !== null && waiting.includes(seated);
  const away = seated !== null && state.away.includes(seated);
  const mine = me !== null && (seated === me || wagers.some((w) => w.player === me));
  const exposedAt = exposure.indexOf(pos);
  const shown = view?.setting !== null && view?.setting !== undefined;
  const badges = round?.phase === "done" ? (round.statement?.spots.filter((e) => e.spot === pos) ?? []) : [];
  const chips = seated ? state.chips[seated] : undefined;
  const classes = [
    "pg-spot",
    mine ? "pg-spot--mine" : "",
    turn ? "pg-spot--turn" : "",
    seated ? "" : "pg-spot--empty",
    banks ? "pg-spot--bank" : "",
  ];
  return (
    <li class={classes.filter(Boolean).join(" ")} data-spot={pos} aria-labelledby={`spot-${pos}-name`}>
      <div class="pg-spot__head">
        <span class="pg-spot__seat" aria-hidden="true">
          {pos}
        </span>
        <span id={`spot-${pos}-name`} class="pg-spot__name">
          <span class="pg-visually-hidden">{i.t("spot.seat", { seat: pos })}</span>
          {seated ? displayName(i, seated) : i.t("spot.empty")}
          {seated !== null && seated === me ? <span class="pg-spot__you">{i.t("spot.you")}</span> : null}
        </span>
        {banks ? (
          <span class="pg-marker pg-marker--bank" title={i.t("spot.banksTitle")}>
            {i.t("spot.bank")}
          </span>
        ) : null}
        {turn ? (
          <span class="pg-marker pg-marker--turn">
            <span aria-hidden="true">{i.t("mark.dot")}</span>
            {i.t("spot.toAct")}
          </span>
        ) : null}
        {away ? <span class="pg-marker pg-marker--away">{i.t("spot.sittingOut")}</span> : null}
      </div>
      {chips !== undefined ? (
        <p class="pg-spot__chips" data-player={seated ?? ""} data-cents={chips}>
          <span class="pg-visually-hidden">{i.t("spot.chips")}</span>
          {i.money(chips)}
        </p>
      ) : null}
      <div class="pg-spot__layout">
        {main.length ? (
          <div class="pg-spot__bet" aria-label={i.t("spot.wagers", { seat: pos })} role="group">
            {main.map((w) => (
              <span
                key={w.ref}
                class="pg-spot__wager"
                title={i.t("spot.wagerTitle", { player: displayName(i, w.player), amount: i.money(w.cents) })}
              >
                <ChipStack amount={w.cents} chipSize={24} maxVisible={4} />
                {main.length > 1 ? <span class="pg-spot__wagerby">{displayName(i, w.player)}</span> : null}
              </span>
            ))}
          </div>
        ) : round?.phase === "wagers" && seated ? (
          <p class="pg-spot__nobet">{i.t("spot.noWager")}</p>
        ) : null}
        {side.length ? (
          <ul class="pg-spot__sides" aria-label={i.t("spot.sideBets", { seat: pos })}>
            {side.map((w) => (
              <li key={w.ref} class={`pg-sidechip${w.result ? ` pg-sidechip--${w.result}` : ""}`}>
                {i.t("spot.side", {
                  kind: wagerLabel(i, w.kind, info?.side_bets),
                  amount: i.money(w.cents),
                  result: w.result ? resultWords(i, w.result) : "none",
                })}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {round && view && (seated !== null || main.length > 0 || !view.collected) ? (
        <HandView
          game={round.game}
          pos={pos}
          view={view}
          shown={shown}
          order={Math.max(deal.indexOf(pos), 0)}
          exposedAt={exposedAt}
          compared={banks ? null : comparedAt(round, pos)}
        />
      ) : null}
      {badges.map((b) => (
        <Badge key={b.player} entry={b} named={b.player !== seated || badges.length > 1} exposedAt={exposedAt} />
      ))}
      {badges.map((b) =>
        b.net !== 0 && !banks ? (
          // chips to the bank (a loss) or from it (a win): a moment's motion, none when reduced
          <span
            key={`flow-${b.player}`}
            class={`pg-chipflow pg-chipflow--${b.net > 0 ? "in" : "out"}`}
            style={{ "--expose-i": String(Math.max(exposedAt, 0)) }}
            aria-hidden="true"
          >
            <ChipStack amount={Math.min(Math.abs(b.net), 1_000_000)} chipSize={20} maxVisible={3} />
          </span>
        ) : null,
      )}
    </li>
  );
}

function Dice({ round }: { readonly round: RoundView }) {
  const i = useI18n();
  if (round.dice === null) {
    if (round.rng === null) return null;
    return <p class="pg-dice pg-dice--rng">{i.rich("dice.rng", { rng: <strong>{round.rng}</strong> })}</p>;
  }
  const de = round.dragons_eye;
  const total = round.dice.reduce((a, b) => a + b, 0);
  const start = round.start ? positionName(i, round.start) : "";
  return (
    <div
      class="pg-dice"
      role="group"
      aria-label={i.t("dice.label", { dice: round.dice.join(", "), total, start: start || "none" })}
    >
      <div class="pg-dice__row">
        {round.dice.map((v, k) => (
          <Die key={k} value={v as Pips} size="var(--felt-die)" dragon={de !== null && k === 0} decorative />
        ))}
      </div>
      <p class="pg-dice__text" aria-hidden="true">
        {i.t("dice.text", { total, start: start || "none", triple: de?.triple ? "yes" : "no" })}
      </p>
    </div>
  );
}

function Stacks({ game, phase }: { readonly game: "tiles" | "cards"; readonly phase: string }) {
  const i = useI18n();
  if (!["shuffle", "cut", "wagers", "style", "shake"].includes(phase)) return null;
  if (game === "cards") {
    return (
      <div class="pg-stacks pg-stacks--shoe" role="img" aria-label={i.t("stacks.deck")}>
        {[0, 1, 2].map((k) => (
          <Piece key={k} game="cards" code={null} width={34} decorative back={k % 2 ? "blue" : "red"} />
        ))}
      </div>
    );
  }
  return (
    <div class="pg-stacks" role="img" aria-label={i.t("stacks.tiles")}>
      {Array.from({ length: 8 }, (_, k) => (
        <TileStack key={k} count={4} width={26} label="" />
      ))}
    </div>
  );
}

function bankerText(i: I18n, round: RoundView): string {
  const b = round.banker;
  return i.t("banker", { kind: b.kind.replace(/-/g, "_"), who: displayName(i, b.player ?? "") });
}

/** The settlement's motion (the hands turning, the chips moving) of round `round` (null: no
 * settlement shown), `steps` hands long: whether it is running, and a way to skip it. None
 * when the system asks for reduced motion. */
function useSettling(round: number | null, steps: number) {
  const [skipped, setSkipped] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const still = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
  useEffect(() => {
    if (round === null || still) return;
    // the last hand turns at (steps - 1) × 260 ms, its chips move for 900 ms after
    const id = setTimeout(
      () => {
        setOver(round);
      },
      steps * 260 + 1200,
    );
    return () => {
      clearTimeout(id);
    };
  }, [round, steps, still]);
  return {
    on: round !== null && !still && skipped !== round && over !== round,
    skipped: round !== null && skipped === round,
    skip: () => {
      setSkipped(round);
    },
  };
}

/**
 * The table seen from above: the dealer (and the bank), the stacks or the shoe, the dice, the
 * dead hand, and every seat with its player, chips, wagers and hand. The deal lands position by
 * position from the start, and the hands turn over in the order of exposure.
 */
export function Felt({
  state,
  info,
  me,
}: {
  readonly state: TableState;
  readonly info: TableInfo | null;
  readonly me: string | null;
}) {
  const i = useI18n();
  const round = state.round;
  const ring = round ? ringOrder(Object.keys(round.positions)) : tableRing(state, info);
  const deal = dealOrder(ring, round?.start ?? null);
  const exposure = round?.phase === "done" ? round.exposure : [];
  const seats = ring.filter((p) => /^\d+$/.test(p));
  const dealer = round?.positions.dealer;
  const dead = round?.positions.dead;
  const game = round?.game ?? info?.game ?? state.game;
  const settling = useSettling(round?.phase === "done" ? state.rounds : null, exposure.length);
  return (
    <section
      class={`pg-felt pg-table pg-table--${game}`}
      aria-label={i.t("felt.label")}
      data-phase={round?.phase ?? "between"}
      data-round={state.rounds}
      data-skip={settling.skipped ? "yes" : undefined}
    >
      {settling.on ? (
        <button type="button" class="pg-button pg-button--ghost pg-table__skip" onClick={settling.skip}>
          {i.t("felt.skip")}
        </button>
      ) : null}
      <div class="pg-table__dealer">
        <div class="pg-table__dealer-id">
          <p class="pg-table__role">{i.t("name.dealer")}</p>
          {round ? <p class="pg-table__banker">{bankerText(i, round)}</p> : null}
          {round && round.dealer_wager > 0 ? (
            <p class="pg-table__banker">{i.t("felt.dealerWager", { amount: i.money(round.dealer_wager) })}</p>
          ) : null}
          {round && round.pd_stake > 0 ? (
            <p class="pg-table__banker">{i.t("felt.stake", { amount: i.money(round.pd_stake) })}</p>
          ) : null}
        </div>
        {round && dealer ? (
          <div class="pg-table__dealer-hand" data-spot="dealer">
            <HandView
              game={round.game}
              pos="dealer"
              view={dealer}
              shown={dealer.setting !== null}
              order={Math.max(deal.indexOf("dealer"), 0)}
              exposedAt={exposure.indexOf("dealer")}
            />
          </div>
        ) : null}
        {round ? <Stacks game={round.game} phase={round.phase} /> : null}
        {round ? <Dice round={round} /> : null}
        {round && dead && (dead.dealt || dead.collected) ? (
          <div class="pg-table__dead" data-spot="dead">
            <p class="pg-table__role">{i.t("felt.deadHand")}</p>
            <HandView
              game={round.game}
              pos="dead"
              view={dead}
              shown={false}
              order={Math.max(deal.indexOf("dead"), 0)}
              exposedAt={-1}
            />
          </div>
        ) : null}
      </div>
      <p class="pg-table__rule" aria-hidden="true">
        {profileTitle(i, state.profile, info?.title ?? state.profile)}
      </p>
      <ol class="pg-table__seats" aria-label={i.t("felt.seats")} style={{ "--seats": String(seats.length) }}>
        {seats.map((pos) => (
          <Spot key={pos} pos={pos} state={state} info={info} round={round} me={me} deal={deal} exposure={exposure} />
        ))}
      </ol>
    </section>
  );
}
