import { PieceRow } from "../components/Piece";
import { handName } from "../game/hands";
import { describeOp, displayName, positionName } from "../game/record";
import type { RecalledRound, TableEvent, TableInfo, TableState } from "../protocol";
import { ChipsTable, Headline, StatementTable, signed } from "./Statement";

/** The round's results: the viewer's net, the dealer's and the bank's hands, the order of
 * exposure, then the settlement statement the server sent (every wager, the bank's lines, every
 * player's chips). */
export function ResultsPanel({
  state,
  info,
  me,
}: {
  readonly state: TableState;
  readonly info: TableInfo | null;
  readonly me: string | null;
}) {
  const round = state.round;
  const statement = round?.phase === "done" ? round.statement : null;
  if (!round || !statement) return null;
  if (round.void) {
    return (
      <section class="pg-results" aria-labelledby="results-title" data-testid="results">
        <h2 id="results-title" class="pg-results__title">
          Round {state.rounds} is void
        </h2>
        <p>{round.void}: every wager is returned.</p>
        <Headline statement={statement} me={me} />
        <StatementTable statement={statement} info={info} me={me} />
      </section>
    );
  }
  const order = round.exposure;
  const dealer = round.positions.dealer?.setting;
  const bank = round.banker.position ? round.positions[round.banker.position]?.setting : null;
  const who = round.banker.kind === "player-dealer" ? "The Player-Dealer" : "The bank";
  const hand = (h: { readonly high: readonly string[]; readonly low: readonly string[] }) =>
    `${h.high.join(" ")} (${handName(round.game, h.high) ?? "high"}) / ${h.low.join(" ")} (${handName(round.game, h.low) ?? "low"})`;
  return (
    <section class="pg-results" aria-labelledby="results-title" data-testid="results">
      <h2 id="results-title" class="pg-results__title">
        Round {state.rounds} results
      </h2>
      <Headline statement={statement} me={me} />
      {bank && round.banker.player ? (
        <p class="pg-results__dealer" data-testid="bank-hand">
          {who} ({displayName(round.banker.player)}, seat {round.banker.position}): {hand(bank)}
        </p>
      ) : null}
      {dealer ? (
        <p class="pg-results__dealer">
          {round.banker.kind === "house" ? "Dealer" : "The dealer's hand against the bank"}: {hand(dealer)}
        </p>
      ) : null}
      <p class="pg-note">Exposed in order: {order.map(positionName).join(", ") || "no hand"}.</p>
      <StatementTable statement={statement} info={info} me={me} />
      <ChipsTable players={statement.players} me={me} />
    </section>
  );
}

function eventText(ev: TableEvent, game: "tiles" | "cards"): { who: string; text: string; pieces: string[][] }[] {
  const n = ev.notice as { kind?: string; player?: string; seat?: string; round?: number } | undefined;
  const out: { who: string; text: string; pieces: string[][] }[] = [];
  if (n?.kind === "sit")
    out.push({ who: displayName(n.player ?? ""), text: `sat down at seat ${n.seat ?? ""}.`, pieces: [] });
  if (n?.kind === "left") out.push({ who: displayName(n.player ?? ""), text: "left the table.", pieces: [] });
  if (n?.kind === "leaving")
    out.push({ who: displayName(n.player ?? ""), text: "leaves after this round.", pieces: [] });
  if (n?.kind === "begin") out.push({ who: "Dealer", text: `Round ${n.round ?? ""} begins.`, pieces: [] });
  if (n?.kind === "new_game") out.push({ who: "Dealer", text: "A new game begins.", pieces: [] });
  for (const op of ev.ops ?? []) {
    const s = describeOp(op, game, displayName);
    out.push({ who: s.who, text: s.text, pieces: s.pieces.map((p) => [...p]) });
  }
  return out;
}

/** The table's log: every step seen while watching, newest first. */
export function LogPanel({ log, game }: { readonly log: readonly TableEvent[]; readonly game: "tiles" | "cards" }) {
  const lines = log.flatMap((ev) => eventText(ev, game).map((l, i) => ({ ...l, key: `${ev.seq}-${i}` }))).slice(-40);
  return (
    <section class="pg-sidepanel" aria-labelledby="log-title">
      <h2 id="log-title" class="pg-sidepanel__title">
        At the table
      </h2>
      {lines.length === 0 ? (
        <p class="pg-note">The steps of the round appear here as they happen.</p>
      ) : (
        <ol class="pg-log" reversed>
          {lines.reverse().map((l) => (
            <li key={l.key} class="pg-log__line">
              <strong>{l.who}</strong> {l.text}
              {l.pieces.length ? (
                <span class="pg-log__pieces">
                  {l.pieces.map((p, i) => (
                    <PieceRow key={i} game={game} codes={p} width={14} decorative />
                  ))}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** This table's last rounds (from the service, redacted for this viewer), with the recall link. */
export function HistoryPanel({
  state,
  me,
  rounds,
}: {
  readonly state: TableState;
  readonly me: string | null;
  readonly rounds: readonly RecalledRound[] | null;
}) {
  return (
    <section class="pg-sidepanel" aria-labelledby="history-title">
      <h2 id="history-title" class="pg-sidepanel__title">
        This table&apos;s last rounds
      </h2>
      {rounds === null ? (
        <p class="pg-note">Loading…</p>
      ) : rounds.length === 0 ? (
        <p class="pg-note">No round has finished here yet.</p>
      ) : (
        <ul class="pg-history">
          {rounds.map((r) => {
            const dealer = r.record.positions.dealer?.setting;
            const net = r.statement.players.find((p) => p.player === me)?.net;
            return (
              <li key={r.round} class="pg-history__row">
                <a
                  href={`#/recall/${encodeURIComponent(r.table)}?round=${r.round}`}
                  aria-label={`Round ${r.round}: recall every step`}
                >
                  Round {r.round}
                </a>
                <span class="pg-history__dealer">
                  {r.void ? (
                    "void"
                  ) : dealer ? (
                    <PieceRow
                      game={state.game}
                      codes={[...dealer.high, ...dealer.low]}
                      width={13}
                      label="Dealer's hand"
                    />
                  ) : (
                    "—"
                  )}
                </span>
                <span
                  class={`pg-history__net${net === undefined ? "" : net > 0 ? " pg-up" : net < 0 ? " pg-down" : ""}`}
                >
                  {net === undefined ? "" : signed(net)}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
