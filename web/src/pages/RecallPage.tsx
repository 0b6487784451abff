import { useEffect, useState } from "preact/hooks";
import { messageOf, useSession } from "../app/session";
import { PieceRow } from "../components/Piece";
import { handName } from "../game/hands";
import { formatCents } from "../game/money";
import { KIND_WORDS, describeOp, positionName, transferText } from "../game/record";
import { ringOrder } from "../game/table";
import type { RecalledRound } from "../protocol";
import { useStore } from "../state/store";
import { displayName } from "../game/record";
import { ChipsTable, Headline, StatementTable, signed } from "../table/Statement";
import { PageFrame } from "./PageFrame";
import { signInFrom } from "./SignInPage";

function gameOf(r: RecalledRound): "tiles" | "cards" {
  return r.record.rules.profile.game;
}

function when(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toISOString().replace("T", " ").slice(0, 16) + " UTC";
}

interface RecordWager {
  readonly ref?: string;
  readonly player?: string;
  readonly kind?: string;
  readonly cents?: number;
  readonly result?: string | null;
}

function RoundDetail({ r, me }: { readonly r: RecalledRound; readonly me: string | null }) {
  const rec = r.record;
  const game = gameOf(r);
  const ring = ringOrder(Object.keys(rec.positions));
  const b = rec.banker;
  const banker =
    b.kind === "house"
      ? "the house"
      : `${displayName(b.player ?? "")}${b.kind === "co-bank" ? " (co-bank)" : b.kind === "player-dealer" ? " (Player-Dealer)" : ""}`;
  return (
    <article class="pg-recall__round" aria-labelledby="recall-round-title" data-testid="recall-round">
      <h2 id="recall-round-title">
        Table {r.table}, round {r.round}
      </h2>
      <p class="pg-note">
        <time dateTime={r.finished_at}>{when(r.finished_at)}</time> · {rec.profile} · banked by {banker} · house way{" "}
        {rec.house_way}
        {rec.dice ? ` · dice ${rec.dice.join(" ")}` : ""}
        {rec.start ? ` · deal from ${positionName(rec.start)}` : ""}
        {rec.style ? ` · style ${rec.style}` : ""}
        {rec.redacted ? " · the hands you could not see stay hidden" : ""}
      </p>
      {rec.void ? (
        <p class="pg-results__mine pg-results__mine--even">Void: {rec.void}. Every wager was returned.</p>
      ) : null}
      <h3>Hands</h3>
      <div class="pg-recall__hands">
        {ring.map((pos) => {
          const p = rec.positions[pos];
          if (!p) return null;
          const wagers = p.wagers as readonly RecordWager[];
          return (
            <section key={pos} class="pg-recall__pos" aria-label={positionName(pos)}>
              <h4>{pos === "dealer" ? "Dealer" : pos === "dead" ? "Dead hand" : `Seat ${pos}`}</h4>
              {p.collected ? (
                <p class="pg-note">Collected unexposed</p>
              ) : p.setting ? (
                <div class="pg-recall__setting">
                  <span>
                    <PieceRow
                      game={game}
                      codes={p.setting.high}
                      width={22}
                      label={`High hand ${p.setting.high.join(" ")}`}
                    />
                    <small>{handName(game, p.setting.high)}</small>
                  </span>
                  <span>
                    <PieceRow
                      game={game}
                      codes={p.setting.low}
                      width={22}
                      label={`Low hand ${p.setting.low.join(" ")}`}
                    />
                    <small>{handName(game, p.setting.low)}</small>
                  </span>
                </div>
              ) : p.dealt ? (
                <PieceRow game={game} codes={p.dealt} width={22} label={`Dealt ${p.dealt.join(" ")}`} />
              ) : (
                <p class="pg-note">Not shown to you</p>
              )}
              {wagers.length ? (
                <ul class="pg-recall__wagers">
                  {wagers.map((w, i) => (
                    <li key={w.ref ?? i}>
                      {w.player === "dealer" ? "Dealer's wager" : displayName(w.player ?? "")}{" "}
                      {w.kind && w.kind !== "main" && w.kind !== "dealer" ? `${KIND_WORDS[w.kind] ?? w.kind} ` : ""}
                      {formatCents(w.cents ?? 0)}: <strong>{w.result ?? "—"}</strong>
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
          );
        })}
      </div>
      <h3>Every step</h3>
      <ol class="pg-recall__steps">
        {rec.operations.map((op) => {
          const s = describeOp(op, game, displayName);
          return (
            <li key={op.index} class="pg-recall__step">
              <span class="pg-recall__who">{s.who}</span>
              <span class="pg-recall__text">{s.text}</span>
              {s.pieces.length ? (
                <span class="pg-recall__pieces">
                  {s.pieces.map((g, i) => (
                    <PieceRow key={i} game={game} codes={g} width={16} decorative />
                  ))}
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
      <h3>Money</h3>
      <Headline statement={r.statement} me={me} />
      <StatementTable statement={r.statement} info={null} me={me} />
      <ChipsTable players={r.statement.players} me={me} />
      <details class="pg-recall__transfers">
        <summary>Every transfer ({rec.transfers.length})</summary>
        <ol>
          {rec.transfers.map((t, i) => (
            <li key={i}>{transferText(t)}</li>
          ))}
        </ol>
      </details>
    </article>
  );
}

/** The recall view: the last 10 rounds (yours, or a table's), each with every step. */
export function RecallPage({ table, round }: { readonly table: string | null; readonly round: number | null }) {
  const session = useSession();
  const me = useStore(session.store, (s) => s.me);
  const known = useStore(session.store, (s) => s.meKnown);
  const [rounds, setRounds] = useState<readonly RecalledRound[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState<number>(0);
  useEffect(() => {
    if (!known) return;
    if (table === null && !me) return;
    let live = true;
    setRounds(null);
    (table === null ? session.api.myRounds() : session.api.history(table))
      .then(async (last) => {
        // An operator recalls any round of a table, not only its last 10 (the pit).
        const older =
          table !== null && round !== null && me?.role === "operator" && !last.some((x) => x.round === round);
        return older ? [await session.api.round(table, round), ...last] : last;
      })
      .then((r) => {
        if (!live) return;
        setRounds(r);
        const i = round === null ? 0 : r.findIndex((x) => x.round === round);
        setPicked(Math.max(i, 0));
      })
      .catch((e: unknown) => {
        if (live) setError(messageOf(e));
      });
    return () => {
      live = false;
    };
  }, [session, table, round, known, me?.name, me?.role]);
  const title = table === null ? "Your last rounds" : `Table ${table}: last rounds`;
  if (table === null && known && !me) {
    return (
      <PageFrame title="Game recall">
        <p class="pg-lead">
          <a href={signInFrom("#/recall")}>Sign in</a> to recall your last rounds, or open a table&apos;s recall from
          its page.
        </p>
      </PageFrame>
    );
  }
  const current = rounds?.[picked];
  return (
    <PageFrame title={title} wide lead="The last 10 rounds, every step in order, as you were allowed to see them.">
      {error ? <p class="pg-form__error">{error}</p> : null}
      {rounds === null ? (
        <p role="status">Loading…</p>
      ) : rounds.length === 0 ? (
        <p class="pg-empty">No round to recall yet.</p>
      ) : (
        <div class="pg-recall">
          <nav class="pg-recall__list" aria-label="Rounds">
            <ul>
              {rounds.map((r, i) => {
                const net = r.statement.players.find((p) => p.player === me?.name)?.net;
                return (
                  <li key={`${r.table}-${r.round}`}>
                    <button
                      type="button"
                      class="pg-recall__pick"
                      aria-current={i === picked ? "true" : undefined}
                      onClick={() => {
                        setPicked(i);
                      }}
                    >
                      <span>
                        {table === null ? `${r.table} · ` : ""}Round {r.round}
                      </span>
                      <span class={net === undefined ? "" : net > 0 ? "pg-up" : net < 0 ? "pg-down" : ""}>
                        {r.void ? "void" : net === undefined ? "" : signed(net)}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </nav>
          {current ? <RoundDetail r={current} me={me?.name ?? null} /> : null}
        </div>
      )}
      {table !== null ? (
        <p>
          <a href={`#/table/${encodeURIComponent(table)}`}>Back to table {table}</a>
        </p>
      ) : null}
    </PageFrame>
  );
}
