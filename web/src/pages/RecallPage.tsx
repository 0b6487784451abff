import { useEffect, useState } from "preact/hooks";
import { messageOf, useSession } from "../app/session";
import { PieceRow } from "../components/Piece";
import { describeOp, displayName, kindWords, positionName, styleWords, transferText } from "../game/record";
import { ringOrder } from "../game/table";
import { piecesText } from "../i18n/cards";
import { transferReason } from "../i18n/engineWords";
import { tableName } from "../i18n/tableNames";
import { handWords, wayName } from "../i18n/hands";
import { useI18n } from "../i18n/i18n";
import type { Said } from "../i18n/said";
import { say } from "../i18n/said";
import { serverText } from "../i18n/serverText";
import type { RecalledRound } from "../protocol";
import { useStore } from "../state/store";
import { ChipsTable, Headline, StatementTable } from "../table/Statement";
import { profileTitle } from "./profiles";
import { PageFrame } from "./PageFrame";
import { signInFrom } from "./SignInPage";

function gameOf(r: RecalledRound): "tiles" | "cards" {
  return r.record.rules.profile.game;
}

interface RecordWager {
  readonly ref?: string;
  readonly player?: string;
  readonly kind?: string;
  readonly cents?: number;
  readonly result?: string | null;
}

function RoundDetail({ r, me }: { readonly r: RecalledRound; readonly me: string | null }) {
  const i = useI18n();
  const rec = r.record;
  const game = gameOf(r);
  const ring = ringOrder(Object.keys(rec.positions));
  const b = rec.banker;
  const banker = i.t("recall.banker", { kind: b.kind.replace(/-/g, "_"), who: displayName(i, b.player ?? "") });
  return (
    <article class="pg-recall__round" aria-labelledby="recall-round-title" data-testid="recall-round">
      <h2 id="recall-round-title">
        {i.t("recall.roundTitle", { table: tableName(i, r.table, r.private), round: r.round })}
      </h2>
      <p class="pg-note">
        <time dateTime={r.finished_at}>{i.dateTime(r.finished_at)}</time>
        {i.t("recall.facts", {
          profile: profileTitle(i, rec.profile, rec.profile),
          banker,
          way: wayName(i, rec.house_way),
          dice: rec.dice ? rec.dice.join(" ") : "none",
          start: rec.start ? positionName(i, rec.start) : "none",
          style: rec.style ? styleWords(i, rec.style) : "none",
          redacted: rec.redacted ? "yes" : "no",
        })}
      </p>
      {rec.void ? (
        <p class="pg-results__mine pg-results__mine--even">{i.t("recall.void", { reason: serverText(i, rec.void) })}</p>
      ) : null}
      <h3>{i.t("recall.hands")}</h3>
      <div class="pg-recall__hands">
        {ring.map((pos) => {
          const p = rec.positions[pos];
          if (!p) return null;
          const wagers = p.wagers as readonly RecordWager[];
          return (
            <section key={pos} class="pg-recall__pos" aria-label={positionName(i, pos)}>
              <h4>{i.t("recall.position", { pos: pos === "dealer" || pos === "dead" ? pos : "seat", seat: pos })}</h4>
              {p.collected ? (
                <p class="pg-note">{i.t("hand.collected")}</p>
              ) : p.setting ? (
                <div class="pg-recall__setting">
                  <span>
                    <PieceRow
                      game={game}
                      codes={p.setting.high}
                      width={22}
                      label={i.t("recall.highHand", { pieces: piecesText(i, p.setting.high) })}
                    />
                    <small>{handWords(i, game, p.setting.high)}</small>
                  </span>
                  <span>
                    <PieceRow
                      game={game}
                      codes={p.setting.low}
                      width={22}
                      label={i.t("recall.lowHand", { pieces: piecesText(i, p.setting.low) })}
                    />
                    <small>{handWords(i, game, p.setting.low)}</small>
                  </span>
                </div>
              ) : p.dealt ? (
                <PieceRow
                  game={game}
                  codes={p.dealt}
                  width={22}
                  label={i.t("recall.dealt", { pieces: piecesText(i, p.dealt) })}
                />
              ) : (
                <p class="pg-note">{i.t("recall.hidden")}</p>
              )}
              {wagers.length ? (
                <ul class="pg-recall__wagers">
                  {wagers.map((w, k) => (
                    <li key={w.ref ?? k}>
                      {i.rich("recall.wager", {
                        who: w.player === "dealer" ? i.t("history.dealerWager") : displayName(i, w.player ?? ""),
                        kind: w.kind && w.kind !== "main" && w.kind !== "dealer" ? kindWords(i, w.kind) : "none",
                        amount: i.money(w.cents ?? 0),
                        result: (
                          <strong>{w.result ? i.t("badge.result", { result: w.result }) : i.t("common.none")}</strong>
                        ),
                      })}
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
          );
        })}
      </div>
      <h3>{i.t("recall.steps")}</h3>
      <ol class="pg-recall__steps">
        {rec.operations.map((op) => {
          const s = describeOp(i, op, game, (n) => displayName(i, n));
          return (
            <li key={op.index} class="pg-recall__step">
              <span class="pg-recall__who">{s.who}</span>
              <span class="pg-recall__text">{s.text}</span>
              {s.pieces.length ? (
                <span class="pg-recall__pieces">
                  {s.pieces.map((g, k) => (
                    <PieceRow key={k} game={game} codes={g} width={16} decorative />
                  ))}
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
      <h3>{i.t("recall.money")}</h3>
      <Headline statement={r.statement} me={me} />
      <StatementTable statement={r.statement} info={null} me={me} rules={rec.rules} />
      <ChipsTable players={r.statement.players} me={me} />
      <details class="pg-recall__transfers">
        <summary>{i.t("recall.transfers", { n: rec.transfers.length })}</summary>
        <ol>
          {rec.transfers.map((t, k) => (
            <li key={k}>{transferText(i, t, (why) => transferReason(i, why))}</li>
          ))}
        </ol>
      </details>
    </article>
  );
}

/** The recall view: the last 10 rounds (yours, or a table's), each with every step. */
export function RecallPage({
  table,
  round,
  at = null,
}: {
  readonly table: string | null;
  readonly round: number | null;
  /** Your rounds: the table of the round `round` (rounds of two tables may share a number). */
  readonly at?: string | null;
}) {
  const i = useI18n();
  const session = useSession();
  const me = useStore(session.store, (s) => s.me);
  const known = useStore(session.store, (s) => s.meKnown);
  const [rounds, setRounds] = useState<readonly RecalledRound[] | null>(null);
  const [error, setError] = useState<Said | null>(null);
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
        const found = round === null ? 0 : r.findIndex((x) => x.round === round && (at === null || x.table === at));
        setPicked(Math.max(found, 0));
      })
      .catch((e: unknown) => {
        if (live) setError(messageOf(e));
      });
    return () => {
      live = false;
    };
  }, [session, table, round, at, known, me?.name, me?.role]);
  // a table by its name (a private one's, from the rounds the service sent)
  const named = table === null ? "" : tableName(i, table, rounds?.find((r) => r.private)?.private);
  const title = table === null ? i.t("recall.mine") : i.t("recall.tables", { table: named });
  if (table === null && known && !me) {
    return (
      <PageFrame title={i.t("title.recall")}>
        <p class="pg-lead">{i.rich("recall.signIn", { a: (c) => <a href={signInFrom("#/recall")}>{c}</a> })}</p>
      </PageFrame>
    );
  }
  const current = rounds?.[picked];
  return (
    <PageFrame title={title} wide lead={i.t("recall.lead")}>
      {error ? <p class="pg-form__error">{say(i, error)}</p> : null}
      {rounds === null ? (
        <p role="status">{i.t("app.loading")}</p>
      ) : rounds.length === 0 ? (
        <p class="pg-empty">{i.t("recall.empty")}</p>
      ) : (
        <div class="pg-recall">
          <nav class="pg-recall__list" aria-label={i.t("recall.rounds")}>
            <ul>
              {rounds.map((r, k) => {
                const net = r.statement.players.find((p) => p.player === me?.name)?.net;
                return (
                  <li key={`${r.table}-${r.round}`}>
                    <button
                      type="button"
                      class="pg-recall__pick"
                      aria-current={k === picked ? "true" : undefined}
                      onClick={() => {
                        setPicked(k);
                      }}
                    >
                      <span>
                        {i.t("recall.pick", {
                          table: table === null ? tableName(i, r.table, r.private) : "none",
                          round: r.round,
                        })}
                      </span>
                      <span class={net === undefined ? "" : net > 0 ? "pg-up" : net < 0 ? "pg-down" : ""}>
                        {r.void ? i.t("result.void") : net === undefined ? "" : i.signed(net)}
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
          <a href={`#/table/${encodeURIComponent(table)}`}>{i.t("recall.back", { table: named })}</a>
        </p>
      ) : null}
    </PageFrame>
  );
}
