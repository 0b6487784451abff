import { useEffect, useState } from "preact/hooks";
import { messageOf, useSession } from "../app/session";
import { PieceRow } from "../components/Piece";
import { SettingPanel } from "../components/SettingPanel";
import type { CardCode } from "../game/cards";
import type { Evaluator, Piece as PieceCode } from "../game/hands";
import { cardEvaluator, tileEvaluator } from "../game/hands";
import type { TileCode } from "../game/tiles";
import { piecesText } from "../i18n/cards";
import { handWords, wayName } from "../i18n/hands";
import type { I18n } from "../i18n/i18n";
import { useI18n } from "../i18n/i18n";
import type { Said } from "../i18n/said";
import { say } from "../i18n/said";
import { serverText } from "../i18n/serverText";
import type {
  TrainerAnswer,
  TrainerComparison,
  TrainerGroup,
  TrainerProblem,
  TrainerProfiles,
  TrainerStats,
} from "../protocol";
import { useStore } from "../state/store";
import { evText } from "../table/SettingDesk";
import { PageFrame } from "./PageFrame";
import { profileTitle } from "./profiles";
import { signInFrom } from "./SignInPage";

/** A kind of hand (the trainer's categories and drills) in words. */
function category(i: I18n, c: string): string {
  return i.t("trainer.category", { c: c.replace(/-/g, "_") });
}

function pct(i: I18n, x: number | null): string {
  return x === null ? i.t("common.none") : i.percent(x);
}

function lost(i: I18n, x: number | null): string {
  return x === null ? i.t("common.none") : i.percent(x, 3);
}

/** The trainer's groups of dealer hands (paigow.trainer.games.BANDS) as the catalogue's codes. */
const BANDS: Readonly<Record<string, string>> = {
  "a pair": "pair",
  "a wong or gong": "wong",
  "two face cards": "face",
  "9 points": "p9",
  "8 points": "p8",
  "7 points": "p7",
  "4 to 6 points": "p4to6",
  "0 to 3 points": "p0to3",
};

function band(i: I18n, b: string): string {
  return i.t("trainer.band", { band: BANDS[b] ?? "other", text: b });
}

function groupLabel(i: I18n, g: TrainerGroup): string {
  if (g.others) return i.t("trainer.others", { n: g.others });
  return g.dealer_low
    ? i.t("trainer.dealerBoth", { high: band(i, g.dealer_high), low: band(i, g.dealer_low) })
    : band(i, g.dealer_high);
}

function changes(i: I18n, g: TrainerGroup): string {
  return g.moves
    .map((m) => i.t("trainer.move", { before: m.before, after: m.after, hands: m.hands }))
    .join(i.t("pays.separator"));
}

function Summary({ c }: { readonly c: TrainerComparison }) {
  const i = useI18n();
  const [better = "best", worse = "house"] = c.sides;
  const n = c.dealer_hands;
  const share = (k: number | undefined) => i.percent((k ?? 0) / n);
  return (
    <>
      <p>
        {i.t("trainer.summary1", {
          better,
          worse,
          gain: i.percent(c.gain, 4),
          differ: c.differ,
          total: n,
          share: share(c.differ),
        })}
      </p>
      <p>
        {i.t("trainer.summary2", {
          better,
          worse,
          high0: share(c.high_wins[0]),
          low0: share(c.low_wins[0]),
          high1: share(c.high_wins[1]),
          low1: share(c.low_wins[1]),
        })}
      </p>
    </>
  );
}

function StatsPanel({ stats }: { readonly stats: TrainerStats | null }) {
  const i = useI18n();
  if (!stats) return null;
  const cats = Object.entries(stats.categories);
  return (
    <section class="pg-card-panel pg-trainer__stats" aria-labelledby="stats-title" data-testid="trainer-stats">
      <h2 id="stats-title">{i.t("trainer.stats")}</h2>
      <dl class="pg-statgrid">
        <div>
          <dt>{i.t("trainer.hands")}</dt>
          <dd>{i.number(stats.hands)}</dd>
        </div>
        <div>
          <dt>{i.t("trainer.bestSetting")}</dt>
          <dd>{pct(i, stats.accuracy)}</dd>
        </div>
        <div>
          <dt>{i.t("trainer.houseWay")}</dt>
          <dd>{stats.hands ? pct(i, stats.house / stats.hands) : i.t("common.none")}</dd>
        </div>
        <div>
          <dt>{i.t("trainer.evLost")}</dt>
          <dd>{lost(i, stats.ev_lost_per_hand)}</dd>
        </div>
      </dl>
      {cats.length ? (
        <table class="pg-results__table">
          <caption>{i.t("trainer.byKind")}</caption>
          <thead>
            <tr>
              <th scope="col">{i.t("trainer.kind")}</th>
              <th scope="col">{i.t("trainer.hands")}</th>
              <th scope="col">{i.t("trainer.best")}</th>
              <th scope="col">{i.t("trainer.evLost")}</th>
            </tr>
          </thead>
          <tbody>
            {cats.map(([c, t]) => (
              <tr key={c}>
                <th scope="row">{category(i, c)}</th>
                <td>{i.number(t.hands)}</td>
                <td>{pct(i, t.accuracy)}</td>
                <td>{lost(i, t.ev_lost_per_hand)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {stats.review ? <p class="pg-note">{i.t("trainer.review", { n: stats.review })}</p> : null}
    </section>
  );
}

function Verdict({ answer }: { readonly answer: TrainerAnswer }) {
  const i = useI18n();
  const s = answer.score;
  const ex = answer.explanation;
  const game = answer.problem.game;
  return (
    <section class="pg-card-panel pg-trainer__verdict" aria-labelledby="verdict-title" data-testid="verdict">
      <h2 id="verdict-title" class={`pg-verdict ${s.is_best ? "pg-verdict--best" : "pg-verdict--miss"}`}>
        <span aria-hidden="true">{i.t(s.is_best ? "mark.ok" : "mark.bad")}</span>
        {s.is_best ? i.t("trainer.isBest") : i.t("trainer.lostTitle", { lost: i.percent(s.ev_lost, 3) })}
      </h2>
      <p data-testid="ev-lost" data-ev-lost={s.ev_lost_exact}>
        {i.t("trainer.gaveUp", {
          best: s.is_best ? "yes" : "no",
          lost: i.percent(s.ev_lost, 4),
          house: s.matches_house_way ? "same" : "different",
        })}
      </p>
      <table class="pg-advice__table pg-trainer__table">
        <caption class="pg-visually-hidden">{i.t("trainer.tableCaption")}</caption>
        <thead>
          <tr>
            <th scope="col">{i.t("trainer.setting")}</th>
            <th scope="col">{i.t("trainer.ev")}</th>
            <th scope="col">{i.t("trainer.wpl")}</th>
          </tr>
        </thead>
        <tbody>
          {s.settings.map((o, k) => (
            <tr key={k} class={k === s.best ? "pg-advice__best" : ""} data-ev={o.ev_exact}>
              <th scope="row">
                <span class="pg-advice__hands">
                  <PieceRow game={game} codes={o.high} width={18} decorative />
                  <span aria-hidden="true">{i.t("mark.slash")}</span>
                  <PieceRow game={game} codes={o.low} width={18} decorative />
                </span>
                <span class="pg-advice__names">
                  {i.t("trainer.names", {
                    high: piecesText(i, o.high),
                    low: piecesText(i, o.low),
                    highName: handWords(i, game, o.high) ?? o.high_name,
                    lowName: handWords(i, game, o.low) ?? o.low_name,
                  })}
                </span>
                {k === s.best ? <span class="pg-tag pg-tag--gold">{i.t("advice.best")}</span> : null}
                {k === s.house_way ? <span class="pg-tag">{i.t("advice.houseWay")}</span> : null}
                {k === s.choice ? <span class="pg-tag pg-tag--you">{i.t("trainer.yours")}</span> : null}
              </th>
              <td class="pg-advice__ev">{evText(i, o.ev)}</td>
              <td class="pg-advice__wpl">
                {i.t("trainer.wplValues", { win: pct(i, o.win), push: pct(i, o.push), lose: pct(i, o.lose) })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>{i.t("trainer.why")}</h3>
      <p>
        {i.t("trainer.whyHouse", {
          way: wayName(i, ex.house_way),
          rule: ex.rule ? serverText(i, ex.rule) : "none",
          setting: settingText(i, s.settings[ex.house]),
        })}
      </p>
      <p>
        {ex.house_vs_best === null
          ? i.t("trainer.houseIsBest", { dealer: wayName(i, ex.dealer_way) })
          : i.t("trainer.bestIs", { dealer: wayName(i, ex.dealer_way), setting: settingText(i, s.settings[ex.best]) })}
      </p>
      {ex.comparisons.map((c, k) => (
        <div key={k} class="pg-trainer__why">
          <Summary c={c} />
          <table class="pg-results__table">
            <caption>
              {i.t("trainer.differCaption", { better: c.sides[0] ?? "best", worse: c.sides[1] ?? "house" })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{i.t("trainer.dealerHolds")}</th>
                <th scope="col">{i.t("trainer.share")}</th>
                <th scope="col">{i.t("trainer.ev")}</th>
                <th scope="col">
                  {i.t("trainer.fromTo", { better: c.sides[0] ?? "best", worse: c.sides[1] ?? "house" })}
                </th>
              </tr>
            </thead>
            <tbody>
              {c.groups.map((g, n) => (
                <tr key={n}>
                  <th scope="row">{groupLabel(i, g)}</th>
                  <td>{pct(i, g.share)}</td>
                  <td>{evText(i, g.ev)}</td>
                  <td>{changes(i, g)}</td>
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
/** A setting as the engine writes it: "6-6 4-5 / 1-2 3-3". */
function settingText(
  i: I18n,
  s: { readonly high: readonly string[]; readonly low: readonly string[] } | undefined,
): string {
  return s ? `${piecesText(i, s.high)} / ${piecesText(i, s.low)}` : "";
}

export function TrainerPage() {
  const i = useI18n();
  const session = useSession();
  const me = useStore(session.store, (s) => s.me);
  const [catalog, setCatalog] = useState<TrainerProfiles | null>(null);
  const [profile, setProfile] = useState("generic");
  const [drill, setDrill] = useState("all");
  const [problem, setProblem] = useState<TrainerProblem | null>(null);
  const [answer, setAnswer] = useState<TrainerAnswer | null>(null);
  const [stats, setStats] = useState<TrainerStats | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Said | null>(null);

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
    <PageFrame title={i.t("trainer.title")} wide lead={i.t("trainer.lead")}>
      <form
        class="pg-card-panel pg-trainer__controls"
        onSubmit={(e) => {
          e.preventDefault();
          void deal();
        }}
      >
        <label class="pg-field pg-field--short">
          <span class="pg-field__label">{i.t("trainer.rules")}</span>
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
                  {profileTitle(i, p.name, p.title)}
                </option>
              ),
            )}
          </select>
        </label>
        <fieldset class="pg-choices">
          <legend>{i.t("trainer.drill")}</legend>
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
              <span>{category(i, d.drill)}</span>
            </label>
          ))}
        </fieldset>
        <button type="submit" class="pg-button pg-button--secondary" disabled={busy}>
          {i.t(answer ? "trainer.next" : "trainer.another")}
        </button>
      </form>
      {error ? (
        <p class="pg-form__error" role="alert">
          {say(i, error)}
        </p>
      ) : null}
      <div class="pg-trainer">
        <div class="pg-trainer__main">
          {problem ? (
            <div class="pg-felt pg-trainer__felt" data-testid="trainer-hand" data-pieces={problem.pieces.join(" ")}>
              <p class="pg-trainer__meta">
                {i.rich("trainer.meta", {
                  categories: problem.categories.map((c) => category(i, c)).join(" · "),
                  review: problem.drill === "review" ? "yes" : "no",
                  way: <strong>{wayName(i, problem.dealer_way)}</strong>,
                })}
              </p>
              <SettingPanel<PieceCode>
                key={problem.pieces.join(" ")}
                kind={game}
                pieces={problem.pieces as readonly (TileCode | CardCode)[]}
                evaluate={evaluate}
                heading={i.t("trainer.setThis")}
                disabled={busy || answer !== null}
                onSubmit={(high, low) => {
                  void submit(high, low);
                }}
              />
            </div>
          ) : (
            <p role="status">{i.t("trainer.dealing")}</p>
          )}
          {answer ? <Verdict answer={answer} /> : null}
          {answer ? (
            <p>
              <button type="button" class="pg-button pg-button--primary" disabled={busy} onClick={() => void deal()}>
                {i.t("trainer.next")}
              </button>
            </p>
          ) : null}
        </div>
        <div class="pg-trainer__side">
          {me ? (
            <StatsPanel stats={stats} />
          ) : (
            <section class="pg-card-panel">
              <h2>{i.t("trainer.keep")}</h2>
              <p class="pg-note">
                {i.rich("trainer.keepText", { a: (c) => <a href={signInFrom("#/trainer")}>{c}</a> })}
              </p>
            </section>
          )}
        </div>
      </div>
    </PageFrame>
  );
}
