/**
 * "How to play" (`#/how-to-play`): the tiles and their names, the pairs and their order, points
 * (wongs, gongs, high nine, the gee joon counted as 3 or 6), copies and the zero rules, setting a
 * hand and the house way, then a guided first round against the dealer, played by the service
 * (`POST /api/tutorial/deal` and `/play`: the engine sets the dealer's hand and compares; the page
 * only shows what the service answers). Every hand named here comes from the engine's hand
 * tables (web/src/generated/tile-hands.json), in the reader's language.
 *
 * One step at a time, each reachable by keyboard alone: the step list and the Back / Next
 * buttons are ordinary buttons, and focus moves to the new step's heading.
 */

import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { messageOf, useSession } from "../app/session";
import { SettingPanel } from "../components/SettingPanel";
import { Tile } from "../components/Tile";
import { tileEvaluator } from "../game/hands";
import type { TileCode } from "../game/tiles";
import { ALL_TILES } from "../game/tiles";
import { handWords, PAIR_KEYS, tileName, tileSpoken, wayName } from "../i18n/hands";
import type { I18n, MessageKey } from "../i18n/i18n";
import { useI18n } from "../i18n/i18n";
import type { Said } from "../i18n/said";
import { say } from "../i18n/said";
import { PageFrame } from "../pages/PageFrame";
import type { TutorialDeal, TutorialHand, TutorialRound } from "../protocol";

const STEPS = ["tiles", "pairs", "points", "copies", "setting", "round"] as const;
type Step = (typeof STEPS)[number];

const STEP_TITLES: Readonly<Record<Step, MessageKey>> = {
  tiles: "tutorial.tilesTitle",
  pairs: "tutorial.pairsTitle",
  points: "tutorial.pointsTitle",
  copies: "tutorial.copiesTitle",
  setting: "tutorial.settingTitle",
  round: "tutorial.roundTitle",
};

/** R-RANK-03: an example of each of the twenty ranks (pairs 1-16, wongs 17-18, gongs 19-20). */
const RANKED: readonly (readonly [TileCode, TileCode])[] = [
  ["1-2", "2-4"],
  ["6-6", "6-6"],
  ["1-1", "1-1"],
  ["4-4", "4-4"],
  ["1-3", "1-3"],
  ["5-5", "5-5"],
  ["3-3", "3-3"],
  ["2-2", "2-2"],
  ["5-6", "5-6"],
  ["4-6", "4-6"],
  ["1-6", "1-6"],
  ["1-5", "1-5"],
  ["3-6", "4-5"],
  ["2-6", "3-5"],
  ["2-5", "3-4"],
  ["1-4", "2-3"],
  ["6-6", "4-5"],
  ["1-1", "3-6"],
  ["6-6", "2-6"],
  ["1-1", "4-4"],
];

/** Point hands worth showing (R-RANK-05..07): the pips add up, tens dropped. */
const POINT_EXAMPLES: readonly (readonly [TileCode, TileCode, MessageKey])[] = [
  ["5-6", "3-4", "tutorial.pointsSum"],
  ["6-6", "1-6", "tutorial.highNine"],
  ["5-6", "2-4", "tutorial.geeJoonSix"],
  ["2-2", "1-2", "tutorial.geeJoonThree"],
  ["5-5", "4-6", "tutorial.zero"],
];

/** The guided round's deal (paigow.service.routes.tutorial_api.GUIDED_DEAL). */
export const GUIDED_DEAL = 9;

function Pieces({ codes, width = 34 }: { readonly codes: readonly string[]; readonly width?: number }) {
  return (
    <span class="pg-tutorial__pieces">
      {codes.map((c, k) => (
        <Tile key={`${c}-${k}`} code={c as TileCode} width={width} />
      ))}
    </span>
  );
}

function Example({ codes, children }: { readonly codes: readonly string[]; readonly children: ComponentChildren }) {
  const i = useI18n();
  return (
    <li class="pg-tutorial__example" data-hand={codes.join(" ")}>
      <Pieces codes={codes} />
      <span>
        <strong>{handWords(i, "tiles", codes)}</strong> {children}
      </span>
    </li>
  );
}

function TilesStep() {
  const i = useI18n();
  return (
    <>
      <p>{i.t("tutorial.tilesLead")}</p>
      <ul class="pg-tutorial__tiles" aria-label={i.t("tutorial.tilesList")}>
        {ALL_TILES.map((t) => (
          <li key={t.code} data-tile={t.code}>
            <Tile code={t.code} width={40} />
            <span class="pg-tutorial__name" lang={i.locale}>
              {tileName(i, t.code)}
            </span>
            <span class="pg-note">
              {i.t("tutorial.tileFacts", { code: t.code, copies: t.copies, rank: t.naturalRank })}
            </span>
          </li>
        ))}
      </ul>
      <p>{i.t("tutorial.tilesCivil")}</p>
    </>
  );
}

function PairsStep() {
  const i = useI18n();
  return (
    <>
      <p>{i.t("tutorial.pairsLead")}</p>
      <ol class="pg-tutorial__ranks" data-testid="tutorial-ranks">
        {RANKED.map((codes, k) => (
          <li key={codes.join(" ")} data-rank={k + 1}>
            <Pieces codes={codes} width={28} />
            <span>{i.t(PAIR_KEYS[k] ?? "tileHand.pair1")}</span>
          </li>
        ))}
      </ol>
      <p>{i.t("tutorial.wongGong")}</p>
    </>
  );
}

function PointsStep() {
  const i = useI18n();
  const [a, setA] = useState<TileCode>("6-6");
  const [b, setB] = useState<TileCode>("1-2");
  const choose = (label: string, value: TileCode, set: (t: TileCode) => void) => (
    <label class="pg-field">
      <span class="pg-field__label">{label}</span>
      <select
        value={value}
        onChange={(e) => {
          set(e.currentTarget.value as TileCode);
        }}
      >
        {ALL_TILES.map((t) => (
          <option key={t.code} value={t.code}>
            {tileSpoken(i, t.code)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <>
      <p>{i.t("tutorial.pointsLead")}</p>
      <ul class="pg-tutorial__examples">
        {POINT_EXAMPLES.map(([x, y, key]) => (
          <Example key={`${x} ${y}`} codes={[x, y]}>
            {i.t(key)}
          </Example>
        ))}
      </ul>
      <p>{i.t("tutorial.geeJoon")}</p>
      <fieldset class="pg-tutorial__try">
        <legend>{i.t("tutorial.tryLegend")}</legend>
        {choose(i.t("tutorial.firstTile"), a, setA)}
        {choose(i.t("tutorial.secondTile"), b, setB)}
        <p role="status" data-testid="tutorial-try">
          <Pieces codes={[a, b]} />
          {a === b && ALL_TILES.find((t) => t.code === a)?.copies === 1
            ? i.t("tutorial.oneCopy")
            : handWords(i, "tiles", [a, b])}
        </p>
      </fieldset>
    </>
  );
}

function CopiesStep() {
  const i = useI18n();
  return (
    <>
      <p>{i.t("tutorial.copiesLead")}</p>
      <ul class="pg-tutorial__examples">
        <Example codes={["6-6", "4-5"]}>{i.t("tutorial.copyWong")}</Example>
        <Example codes={["2-6", "1-4"]}>{i.t("tutorial.copyHighest")}</Example>
      </ul>
      <p>{i.t("tutorial.zeroRules")}</p>
      <p>
        <a href="#/rules">{i.t("tutorial.rulesLink")}</a>
      </p>
    </>
  );
}

function SettingStep() {
  const i = useI18n();
  return (
    <>
      <p>{i.t("tutorial.settingLead")}</p>
      <p>{i.t("tutorial.houseWayLead")}</p>
      <SettingPanel<TileCode>
        kind="tiles"
        pieces={["6-6", "4-5", "3-3", "1-2"]}
        evaluate={tileEvaluator(false)}
        heading={i.t("tutorial.settingTry")}
      />
    </>
  );
}

function handLine(i: I18n, h: TutorialHand): string {
  return `${h.pieces.join(" ")} — ${handWords(i, "tiles", h.pieces) ?? h.name}`;
}

function Outcome({ round }: { readonly round: TutorialRound }) {
  const i = useI18n();
  const side = (who: "player" | "dealer") => i.t("tutorial.takes", { who });
  return (
    <section class="pg-tutorial__outcome" aria-live="polite" data-testid="tutorial-outcome" data-result={round.result}>
      <h3>{i.t("tutorial.result", { result: round.result })}</h3>
      <table class="pg-results__table">
        <thead>
          <tr>
            <th scope="col">{i.t("tutorial.hand")}</th>
            <th scope="col">{i.t("tutorial.you")}</th>
            <th scope="col">{i.t("name.dealer")}</th>
            <th scope="col">{i.t("tutorial.winner")}</th>
          </tr>
        </thead>
        <tbody>
          {(["high", "low"] as const).map((h) => (
            <tr key={h} data-hand={h} data-winner={round[h]}>
              <th scope="row">{i.t(h === "high" ? "setting.high" : "setting.low")}</th>
              <td>
                <Pieces codes={round.player[h].pieces} width={28} /> {handLine(i, round.player[h])}
              </td>
              <td>
                <Pieces codes={round.dealer[h].pieces} width={28} /> {handLine(i, round.dealer[h])}
              </td>
              <td>{side(round[h])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        {i.t("tutorial.houseWaySet", {
          way: wayName(i, round.way),
          high: handLine(i, round.house_way.high),
          low: handLine(i, round.house_way.low),
        })}
      </p>
      <p class="pg-note">{i.t("tutorial.whyResult")}</p>
    </section>
  );
}

function RoundStep() {
  const i = useI18n();
  const session = useSession();
  const [deal, setDeal] = useState<TutorialDeal | null>(null);
  const [round, setRound] = useState<TutorialRound | null>(null);
  const [error, setError] = useState<Said | null>(null);
  const [busy, setBusy] = useState(false);
  const start = (number: number | null) => {
    setRound(null);
    setError(null);
    session.api
      .tutorialDeal(number)
      .then(setDeal)
      .catch((e: unknown) => {
        setError(messageOf(e));
      });
  };
  useEffect(() => {
    start(GUIDED_DEAL);
  }, []);
  const play = (setting: { readonly high: readonly string[]; readonly low: readonly string[] } | "house-way") => {
    if (!deal) return;
    setBusy(true);
    session.api
      .tutorialPlay(deal.deal, setting)
      .then(setRound)
      .catch((e: unknown) => {
        setError(messageOf(e));
      })
      .finally(() => {
        setBusy(false);
      });
  };
  const guided = deal?.deal === GUIDED_DEAL;
  return (
    <>
      <p>{i.t("tutorial.roundLead", { way: wayName(i, deal?.way ?? "regulation") })}</p>
      {guided ? <p class="pg-tutorial__hint">{i.t("tutorial.guidedHint")}</p> : null}
      {error ? <p class="pg-form__error">{say(i, error)}</p> : null}
      {deal ? (
        <div class="pg-felt pg-tutorial__felt" data-testid="tutorial-hand" data-pieces={deal.pieces.join(" ")}>
          <SettingPanel<TileCode>
            key={deal.deal}
            kind="tiles"
            pieces={deal.pieces as readonly TileCode[]}
            evaluate={tileEvaluator(false)}
            heading={i.t("tutorial.setYours")}
            disabled={busy || round !== null}
            onSubmit={(high, low) => {
              play({ high, low });
            }}
          />
          <p>
            <button
              type="button"
              class="pg-button"
              disabled={busy || round !== null}
              onClick={() => {
                play("house-way");
              }}
            >
              {i.t("desk.letDealer")}
            </button>
          </p>
        </div>
      ) : error ? null : (
        <p role="status">{i.t("trainer.dealing")}</p>
      )}
      {round ? <Outcome round={round} /> : null}
      {round ? (
        <p class="pg-tutorial__next">
          <button
            type="button"
            class="pg-button pg-button--primary"
            onClick={() => {
              start(null);
            }}
          >
            {i.t("tutorial.another")}
          </button>
          <a class="pg-button pg-button--secondary" href="#/lobby">
            {i.t("tutorial.toTable")}
          </a>
        </p>
      ) : null}
    </>
  );
}

const BODIES: Readonly<Record<Step, () => ComponentChildren>> = {
  tiles: () => <TilesStep />,
  pairs: () => <PairsStep />,
  points: () => <PointsStep />,
  copies: () => <CopiesStep />,
  setting: () => <SettingStep />,
  round: () => <RoundStep />,
};

/** The tutorial: six steps, one shown at a time. */
export function TutorialPage() {
  const i = useI18n();
  const [step, setStep] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [step]);
  const current = STEPS[step] ?? "tiles";
  return (
    <PageFrame title={i.t("title.howToPlay")} lead={i.t("tutorial.lead")} wide>
      <nav class="pg-tutorial__steps" aria-label={i.t("tutorial.stepsLabel")}>
        <ol>
          {STEPS.map((s, k) => (
            <li key={s}>
              <button
                type="button"
                class="pg-tutorial__step"
                aria-current={k === step ? "step" : undefined}
                onClick={() => {
                  setStep(k);
                }}
              >
                {i.t("tutorial.stepLabel", { n: k + 1, title: i.t(STEP_TITLES[s]) })}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <section class="pg-tutorial" data-testid="tutorial" data-step={current} aria-labelledby="tutorial-step">
        <h2 id="tutorial-step" tabIndex={-1} ref={heading}>
          {i.t("tutorial.stepLabel", { n: step + 1, title: i.t(STEP_TITLES[current]) })}
        </h2>
        {BODIES[current]()}
        <p class="pg-tutorial__nav">
          <button
            type="button"
            class="pg-button"
            disabled={step === 0}
            onClick={() => {
              setStep(step - 1);
            }}
          >
            {i.t("tutorial.back")}
          </button>
          {step < STEPS.length - 1 ? (
            <button
              type="button"
              class="pg-button pg-button--primary"
              data-testid="tutorial-next"
              onClick={() => {
                setStep(step + 1);
              }}
            >
              {i.t("tutorial.next")}
            </button>
          ) : null}
        </p>
      </section>
    </PageFrame>
  );
}
