import { useEffect, useState } from "preact/hooks";
import { messageOf, useSession } from "../app/session";
import { PieceRow } from "../components/Piece";
import { SettingPanel } from "../components/SettingPanel";
import type { CardCode } from "../game/cards";
import type { Evaluator, Piece as PieceCode } from "../game/hands";
import { cardEvaluator, tileEvaluator } from "../game/hands";
import type { TileCode } from "../game/tiles";
import type { TrainerAnswer, TrainerProblem, TrainerProfiles, TrainerStats } from "../protocol";
import { useStore } from "../state/store";
import { evText } from "../table/SettingDesk";
import { PageFrame } from "./PageFrame";
import { signInFrom } from "./SignInPage";

const CATEGORY: Readonly<Record<string, string>> = {
  pairs: "Pairs",
  "no-pair": "No pair",
  "gee-joon": "Gee joon (jokers)",
  "two-pairs": "Two pairs",
  split: "Split or not",
  review: "A hand you missed before",
  all: "All hands",
};

function pct(x: number | null): string {
  return x === null ? "—" : `${(x * 100).toFixed(1)}%`;
}

function StatsPanel({ stats }: { readonly stats: TrainerStats | null }) {
  if (!stats) return null;
  const cats = Object.entries(stats.categories);
  return (
    <section class="pg-card-panel pg-trainer__stats" aria-labelledby="stats-title" data-testid="trainer-stats">
      <h2 id="stats-title">Your statistics</h2>
      <dl class="pg-statgrid">
        <div>
          <dt>Hands</dt>
          <dd>{stats.hands}</dd>
        </div>
        <div>
          <dt>Best setting</dt>
          <dd>{pct(stats.accuracy)}</dd>
        </div>
        <div>
          <dt>House way</dt>
          <dd>{stats.hands ? pct(stats.house / stats.hands) : "—"}</dd>
        </div>
        <div>
          <dt>EV lost a hand</dt>
          <dd>{stats.ev_lost_per_hand === null ? "—" : `${(stats.ev_lost_per_hand * 100).toFixed(3)}%`}</dd>
        </div>
      </dl>
      {cats.length ? (
        <table class="pg-results__table">
          <caption>By kind of hand</caption>
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col">Hands</th>
              <th scope="col">Best</th>
              <th scope="col">EV lost a hand</th>
            </tr>
          </thead>
          <tbody>
            {cats.map(([c, t]) => (
              <tr key={c}>
                <th scope="row">{CATEGORY[c] ?? c}</th>
                <td>{t.hands}</td>
                <td>{pct(t.accuracy)}</td>
                <td>{t.ev_lost_per_hand === null ? "—" : `${(t.ev_lost_per_hand * 100).toFixed(3)}%`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {stats.review ? (
        <p class="pg-note">{stats.review} hand(s) to review: the drill “Your weak spots” brings them back.</p>
      ) : null}
    </section>
  );
}

function Verdict({ answer }: { readonly answer: TrainerAnswer }) {
  const s = answer.score;
  const ex = answer.explanation;
  const game = answer.problem.game;
  return (
    <section class="pg-card-panel pg-trainer__verdict" aria-labelledby="verdict-title" data-testid="verdict">
      <h2 id="verdict-title" class={`pg-verdict ${s.is_best ? "pg-verdict--best" : "pg-verdict--miss"}`}>
        <span aria-hidden="true">{s.is_best ? "✓ " : "✗ "}</span>
        {s.is_best ? "The best setting" : `EV lost ${evText(-s.ev_lost).replace("−", "")} against the best setting`}
      </h2>
      <p data-testid="ev-lost" data-ev-lost={s.ev_lost_exact}>
        {s.is_best ? "You gave up no EV" : `You gave up ${(s.ev_lost * 100).toFixed(4)}% of your wager`} ·{" "}
        {s.matches_house_way ? "the house way sets it the same way" : "the house way sets it differently"}.
      </p>
      <table class="pg-advice__table pg-trainer__table">
        <caption class="pg-visually-hidden">Every setting with its exact EV against the dealer&apos;s way</caption>
        <thead>
          <tr>
            <th scope="col">Setting</th>
            <th scope="col">EV</th>
            <th scope="col">Win / push / lose</th>
          </tr>
        </thead>
        <tbody>
          {s.settings.map((o, i) => (
            <tr key={i} class={i === s.best ? "pg-advice__best" : ""} data-ev={o.ev_exact}>
              <th scope="row">
                <span class="pg-advice__hands">
                  <PieceRow game={game} codes={o.high} width={18} decorative />
                  <span aria-hidden="true">/</span>
                  <PieceRow game={game} codes={o.low} width={18} decorative />
                </span>
                <span class="pg-advice__names">
                  {o.high.join(" ")} / {o.low.join(" ")}: {o.high_name} / {o.low_name}
                </span>
                {i === s.best ? <span class="pg-tag pg-tag--gold">★ best</span> : null}
                {i === s.house_way ? <span class="pg-tag">house way</span> : null}
                {i === s.choice ? <span class="pg-tag pg-tag--you">yours</span> : null}
              </th>
              <td class="pg-advice__ev">{evText(o.ev)}</td>
              <td class="pg-advice__wpl">
                {pct(o.win)} / {pct(o.push)} / {pct(o.lose)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Why</h3>
      {ex.sentences.map((t, i) => (
        <p key={i}>{t}</p>
      ))}
      {ex.comparisons.map((c, i) => (
        <div key={i} class="pg-trainer__why">
          {c.summary.map((t, k) => (
            <p key={k}>{t}</p>
          ))}
          <table class="pg-results__table">
            <caption>
              Dealer hands where {c.worse} and {c.better} end differently
            </caption>
            <thead>
              <tr>
                <th scope="col">Dealer holds</th>
                <th scope="col">Share</th>
                <th scope="col">EV</th>
                <th scope="col">
                  {c.worse} → {c.better}
                </th>
              </tr>
            </thead>
            <tbody>
              {c.groups.map((g, k) => (
                <tr key={k}>
                  <th scope="row">{g.label}</th>
                  <td>{pct(g.share)}</td>
                  <td>{evText(g.ev)}</td>
                  <td>{g.changes}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  );
}

/** The trainer: deal a hand, set it, and see the exact EV it gives up and why. */
export function TrainerPage() {
  const session = useSession();
  const me = useStore(session.store, (s) => s.me);
  const [catalog, setCatalog] = useState<TrainerProfiles | null>(null);
  const [profile, setProfile] = useState("generic");
  const [drill, setDrill] = useState("all");
  const [problem, setProblem] = useState<TrainerProblem | null>(null);
  const [answer, setAnswer] = useState<TrainerAnswer | null>(null);
  const [stats, setStats] = useState<TrainerStats | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const deal = async (p = profile, d = drill) => {
    setBusy(true);
    setError(null);
    try {
      setProblem(await session.api.deal(p, d));
      setAnswer(null);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    session.api
      .trainerProfiles()
      .then(setCatalog)
      .catch((e: unknown) => {
        setError(messageOf(e));
      });
    void deal();
  }, [session]);

  useEffect(() => {
    if (!me) {
      setStats(null);
      return;
    }
    session.api
      .trainerStats(profile)
      .then((r) => {
        setStats(r.stats);
      })
      .catch(() => undefined);
  }, [session, me?.name, profile]);

  const submit = async (high: readonly string[], low: readonly string[]) => {
    if (!problem) return;
    setBusy(true);
    setError(null);
    try {
      const a = await session.api.answer(problem, high, low);
      setAnswer(a);
      if (a.stats) setStats(a.stats);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const game = problem?.game ?? "tiles";
  const evaluate = (game === "tiles" ? tileEvaluator(false) : cardEvaluator) as Evaluator<PieceCode>;
  return (
    <PageFrame
      title="Trainer"
      wide
      lead="Set the hand dealt to you. Every answer is scored by the exact EV it gives up against the best setting, over every hand the dealer can hold, and compared with the house way."
    >
      <form
        class="pg-card-panel pg-trainer__controls"
        onSubmit={(e) => {
          e.preventDefault();
          void deal();
        }}
      >
        <label class="pg-field pg-field--short">
          <span class="pg-field__label">Rules</span>
          <select
            value={profile}
            onChange={(e) => {
              setProfile(e.currentTarget.value);
              void deal(e.currentTarget.value, drill);
            }}
          >
            {(catalog?.profiles ?? [{ name: "generic", title: "Generic", game: "tiles", way: "regulation" }]).map(
              (p) => (
                <option key={p.name} value={p.name}>
                  {p.title}
                </option>
              ),
            )}
          </select>
        </label>
        <fieldset class="pg-choices">
          <legend>Drill</legend>
          {(catalog?.drills ?? [{ drill: "all", label: "All hands" }]).map((d) => (
            <label key={d.drill} class="pg-choice">
              <input
                type="radio"
                name="drill"
                checked={drill === d.drill}
                onChange={() => {
                  setDrill(d.drill);
                  void deal(profile, d.drill);
                }}
              />
              <span>{d.label}</span>
            </label>
          ))}
        </fieldset>
        <button type="submit" class="pg-button pg-button--secondary" disabled={busy}>
          {answer ? "Next hand" : "Deal another hand"}
        </button>
      </form>
      {error ? (
        <p class="pg-form__error" role="alert">
          {error}
        </p>
      ) : null}
      <div class="pg-trainer">
        <div class="pg-trainer__main">
          {problem ? (
            <div class="pg-felt pg-trainer__felt" data-testid="trainer-hand" data-pieces={problem.pieces.join(" ")}>
              <p class="pg-trainer__meta">
                {problem.categories.map((c) => CATEGORY[c] ?? c).join(" · ")}
                {problem.drill === "review" ? " · a hand you missed before" : ""} · the dealer sets by{" "}
                <strong>{problem.dealer_way}</strong>
              </p>
              <SettingPanel<PieceCode>
                key={problem.pieces.join(" ")}
                kind={game}
                pieces={problem.pieces as readonly (TileCode | CardCode)[]}
                evaluate={evaluate}
                heading="Set this hand"
                disabled={busy || answer !== null}
                onSubmit={(high, low) => {
                  void submit(high, low);
                }}
              />
            </div>
          ) : (
            <p role="status">Dealing…</p>
          )}
          {answer ? <Verdict answer={answer} /> : null}
          {answer ? (
            <p>
              <button type="button" class="pg-button pg-button--primary" disabled={busy} onClick={() => void deal()}>
                Next hand
              </button>
            </p>
          ) : null}
        </div>
        <div class="pg-trainer__side">
          {me ? (
            <StatsPanel stats={stats} />
          ) : (
            <section class="pg-card-panel">
              <h2>Keep your statistics</h2>
              <p class="pg-note">
                <a href={signInFrom("#/trainer")}>Sign in</a> and the trainer keeps your accuracy and EV lost by kind of
                hand, and brings back the kinds you get wrong.
              </p>
            </section>
          )}
        </div>
      </div>
    </PageFrame>
  );
}
