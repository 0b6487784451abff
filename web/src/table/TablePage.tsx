import { useEffect, useState } from "preact/hooks";
import { messageOf, useSession } from "../app/session";
import { Timer } from "../components/Timer";
import { decision, roundNumber, waitingText } from "../game/table";
import type { MessageKey } from "../i18n/i18n";
import { useI18n } from "../i18n/i18n";
import type { Said } from "../i18n/said";
import { say } from "../i18n/said";
import { PageFrame } from "../pages/PageFrame";
import { profileTitle } from "../pages/profiles";
import { tableName } from "../i18n/tableNames";
import { useTableSounds } from "../sound/tableSounds";
import type { RecalledRound, RoundView, TableInfo, TableState } from "../protocol";
import { useStore } from "../state/store";
import {
  BankOffer,
  CutForm,
  DecisionFrame,
  NextRound,
  RollForm,
  SignInPrompt,
  SitForm,
  SitOutBar,
  SittingOut,
  StyleForm,
  SurrenderForm,
  TableFull,
  useAct,
} from "./Decisions";
import { ChatPanel } from "./ChatPanel";
import { Felt } from "./Felt";
import { HistoryPanel, LogPanel, ResultsPanel } from "./RoundPanels";
import { ShareCode } from "../pages/PrivateTables";
import { SettingDesk } from "./SettingDesk";
import { WagerForm } from "./WagerForm";

const WINDOW_LABEL: Readonly<Record<string, MessageKey>> = {
  "bank offer": "window.bankOffer",
  wagers: "window.wagers",
  cut: "window.cut",
  style: "window.style",
  roll: "window.roll",
  dice: "window.dice",
  setting: "window.setting",
  bank_set: "window.bankSet",
  surrender: "window.surrender",
  "next round": "window.nextRound",
  "a Player-Dealer": "window.newGame",
};

function windowSeconds(info: TableInfo | null, what: string): number {
  const w = info?.windows;
  if (!w) return 30;
  if (what === "wagers") return w.wager;
  if (what === "setting" || what === "bank_set") return w.setting;
  if (what === "next round") return w.pause;
  return w.decision;
}

function ActionArea({
  state,
  info,
  me,
}: {
  readonly state: TableState;
  readonly info: TableInfo | null;
  readonly me: string | null;
}) {
  const i = useI18n();
  const d = decision(state, me);
  switch (d.kind) {
    case "sign-in":
      return <SignInPrompt table={state.table} />;
    case "sit":
      return <SitForm state={state} seats={d.seats} min={d.min} />;
    case "full":
      return <TableFull />;
    case "next-round":
      return <NextRound seat={d.seat} round={d.round} />;
    case "sitting-out":
      return <SittingOut state={state} />;
    case "bank-offer":
      return <BankOffer state={state} offer={d.offer} />;
    case "wagers":
      return me ? <WagerForm state={state} info={info} me={me} role={d.role} choices={d.choices} /> : null;
    case "cut":
      return <CutForm state={state} cuts={d.cuts} />;
    case "style":
      return <StyleForm state={state} info={info} styles={d.styles} />;
    case "roll":
      return <RollForm state={state} />;
    case "setting":
      return d.now.length ? (
        <SettingDesk state={state} info={info} spots={d.now} order={d.order} voidable={d.voidable} />
      ) : (
        <DecisionFrame title={i.t("watching.title")} tone="info">
          <p class="pg-waiting" role="status">
            {waitingText(i, state)}
          </p>
        </DecisionFrame>
      );
    case "bank-set":
      return <SettingDesk state={state} info={info} spots={[d.spot]} bank />;
    case "surrender":
      return <SurrenderForm state={state} spots={d.spots} stand={d.stand} />;
    case "wait":
      return (
        <DecisionFrame title={i.t("watching.title")} tone="info">
          <p class="pg-waiting" role="status">
            {waitingText(i, state)}
          </p>
        </DecisionFrame>
      );
  }
}

const TURN_WORDS: Readonly<Record<string, MessageKey>> = {
  "bank-offer": "turn.bankOffer",
  wagers: "turn.wagers",
  cut: "turn.cut",
  style: "turn.style",
  roll: "turn.roll",
  setting: "turn.setting",
  "bank-set": "turn.bankSet",
  surrender: "turn.surrender",
  "sitting-out": "turn.sittingOut",
};

/** Whether the element `selector` names is in view (above the foot of the screen, where the
 * turn bar would float): true until the browser says otherwise. */
function useInView(selector: string): boolean {
  const [inView, setInView] = useState(true);
  useEffect(() => {
    const target = document.querySelector(selector);
    if (!target || typeof IntersectionObserver === "undefined") return;
    const seen = new IntersectionObserver(
      (entries) => {
        for (const e of entries) setInView(e.isIntersecting);
      },
      { rootMargin: "0px 0px -96px 0px" },
    );
    seen.observe(target);
    return () => {
      seen.disconnect();
    };
  }, [selector]);
  return inView;
}

/** On a phone the decision sits below the felt: while it is out of view, a bar at the foot of
 * the screen says it is your turn and takes you there (never over the panel it points to). */
function TurnBar({ state, me }: { readonly state: TableState; readonly me: string | null }) {
  const i = useI18n();
  const inView = useInView("[data-testid=actions]");
  const d = decision(state, me);
  const words = TURN_WORDS[d.kind];
  if (!words || inView) return null;
  return (
    <button
      type="button"
      class="pg-turnbar"
      onClick={() => {
        const target = document.querySelector<HTMLElement>("[data-testid=actions] h2");
        target?.scrollIntoView({ block: "start" });
        target?.setAttribute("tabindex", "-1");
        target?.focus();
      }}
    >
      <span class="pg-decision__dot" aria-hidden="true" />
      {i.t("turn.yours", { what: i.t(words) })}
      <span aria-hidden="true">{i.t("mark.down")}</span>
    </button>
  );
}

function LeaveButton({ state }: { readonly state: TableState }) {
  const i = useI18n();
  const { act, busy, session } = useAct(state.table);
  const c = state.choices;
  if (!c?.leave) return null;
  return (
    <>
      {c.withdraw_dice_bonus ? (
        <button
          type="button"
          class="pg-button pg-button--ghost"
          disabled={busy}
          onClick={() => {
            void act("withdraw_dice_bonus", {});
          }}
        >
          {i.t("table.withdrawDiceBonus")}
        </button>
      ) : null}
      <button
        type="button"
        class="pg-button pg-button--ghost"
        disabled={busy}
        onClick={() => {
          void act("leave", {}).then((ok) => {
            if (!ok) return;
            session.notify("info", { key: c.playing && state.round_open ? "table.leaveAfter" : "table.left" });
            void session.refreshMe();
          });
        }}
      >
        {i.t("table.leave")}
      </button>
    </>
  );
}

interface KeptResults {
  readonly round: RoundView;
  readonly number: number;
}

/**
 * The results of the last round settled at this table, kept into the next round (they used to
 * go when it began, 4 s after settlement): shown until the player closes them or places a wager
 * in a later round. The server's round as it was sent at settlement: nothing is recomputed.
 */
function useKeptResults(state: TableState | null, me: string | null): [KeptResults | null, () => void] {
  const round = state?.round ?? null;
  const settled = round?.phase === "done" && round.statement ? round : null;
  const number = state?.rounds ?? 0;
  const [kept, setKept] = useState<KeptResults | null>(null);
  // the record of the results the player closed
  const [closed, setClosed] = useState<string | null>(null);
  useEffect(() => {
    if (settled) setKept({ round: settled, number });
  }, [settled, number]);
  const shown = settled ? { round: settled, number } : kept;
  // a wager of yours in a round after it (one not settled yet): the results make way for it
  const wagered = round !== null && round.phase !== "done" && me !== null && round.wagers.some((w) => w.player === me);
  const close = () => {
    setClosed(shown?.round.statement?.record_id ?? null);
  };
  if (shown === null || wagered || closed === shown.round.statement?.record_id) return [null, close];
  return [shown, close];
}

/** While the connection to the table is down: a notice that says so and that the page is
 * reconnecting (the table goes on at the server; decisions wait for their windows). */
function Reconnecting({ status }: { readonly status: string }) {
  const i = useI18n();
  if (status === "open" || status === "idle" || status === "closed") return null;
  const words = i.t(status === "signed-out" ? "table.sessionEnded" : "table.reconnecting");
  return (
    <p class="pg-reconnecting" role="status" data-testid="reconnecting" data-status={status}>
      {words}
    </p>
  );
}

/** A table: the felt, what the table asks of you now, the round's results, the log, and this
 * table's last rounds. The table comes over a websocket: signed in, the player's; signed out, the
 * spectators' (what a spectator may see, live). */
export function TablePage({ table }: { readonly table: string }) {
  const i = useI18n();
  const session = useSession();
  const me = useStore(session.store, (s) => s.me);
  const known = useStore(session.store, (s) => s.meKnown);
  const slot = useStore(session.store, (s) => s.tables[table]);
  const connection = useStore(session.store, (s) => s.connection);
  const listed = useStore(session.store, (s) => s.lobby.find((t) => t.id === table));
  const [info, setInfo] = useState<TableInfo | null>(null);
  const [missing, setMissing] = useState<Said | null>(null);

  useEffect(() => {
    let live = true;
    session.api
      .info(table)
      .then((i) => {
        if (live) setInfo(i);
      })
      .catch((e: unknown) => {
        if (live) setMissing(messageOf(e));
      });
    return () => {
      live = false;
    };
  }, [session, table]);

  useEffect(() => {
    if (!known) return;
    return session.watch(table);
  }, [session, table, known, me?.name]);

  // After each round: the account's seats and wallet in the header, this table's history (the
  // round's record gives every player's net, the bank's too), and yours once shown.
  const rounds = slot?.state.rounds;
  const [history, setHistory] = useState<readonly RecalledRound[] | null>(null);
  const [mine, setMine] = useState<readonly RecalledRound[] | null>(null);
  const [showMine, setShowMine] = useState(false);
  useEffect(() => {
    if (me && rounds !== undefined) void session.refreshMe();
    if (rounds === undefined) return;
    let live = true;
    session.api
      .history(table)
      .then((h) => {
        if (live) setHistory(h);
      })
      .catch(() => {
        if (live) setHistory([]);
      });
    return () => {
      live = false;
    };
  }, [rounds, table, me?.name]);
  useEffect(() => {
    if (rounds === undefined || !showMine || !me) return;
    let live = true;
    session.api
      .myRounds()
      .then((h) => {
        if (live) setMine(h);
      })
      .catch(() => {
        if (live) setMine([]);
      });
    return () => {
      live = false;
    };
  }, [rounds, showMine, me?.name]);
  const [results, closeResults] = useKeptResults(slot?.state ?? null, me?.name ?? null);

  useTableSounds(slot?.state ?? null, slot?.log ?? [], me?.name ?? null);
  const name = tableName(i, table, info?.private ?? listed?.private);
  const title = info ? profileTitle(i, info.profile, info.title) : name;
  if (missing) {
    return (
      <PageFrame title={name}>
        <p class="pg-lead">
          {say(i, missing)} <a href="#/lobby">{i.t("table.backToLobby")}</a>
        </p>
      </PageFrame>
    );
  }
  const state = slot?.state;
  if (!state) {
    return (
      <PageFrame title={title}>
        <p class="pg-lead" role="status">
          {i.t("table.joining")}
        </p>
      </PageFrame>
    );
  }
  const w = state.waiting;
  const myChips = me ? state.chips[me.name] : undefined;
  const round = roundNumber(state);
  return (
    <PageFrame title={title} wide>
      <div class="pg-tablebar">
        <p class="pg-tablebar__facts">
          <span>
            <strong data-testid="table-name">{name}</strong>
          </span>
          <span>{i.t("common.range", { min: i.money(state.limits.min), max: i.money(state.limits.max) })}</span>
          <span>{round ? i.t("table.round", { round }) : i.t("table.noRound")}</span>
          {info && info.commission !== "0" ? (
            <span>{i.t("table.commission", { rate: Number(info.commission) })}</span>
          ) : null}
          {myChips !== undefined ? (
            <span class="pg-tablebar__chips" data-testid="my-chips">
              {i.rich("table.myChips", { amount: <strong>{i.money(myChips)}</strong> })}
            </span>
          ) : null}
        </p>
        <div class="pg-tablebar__right">
          {w?.deadline ? (
            <Timer
              key={w.key}
              deadline={w.deadline}
              seconds={windowSeconds(info, w.for)}
              label={WINDOW_LABEL[w.for] ? i.t(WINDOW_LABEL[w.for] ?? "window.wagers") : w.for}
            />
          ) : null}
          <a class="pg-button pg-button--ghost" href={`#/recall/${encodeURIComponent(table)}`}>
            {i.t("nav.recall")}
          </a>
          <LeaveButton state={state} />
        </div>
      </div>
      <Reconnecting status={connection} />
      <TurnBar state={state} me={me?.name ?? null} />
      <div class="pg-tablelayout">
        <div class="pg-tablelayout__main">
          <Felt state={state} info={info} me={me?.name ?? null} />
          {results ? (
            <ResultsPanel
              round={results.round}
              number={results.number}
              info={info}
              me={me?.name ?? null}
              onClose={closeResults}
            />
          ) : null}
          <div class="pg-tablelayout__actions" data-testid="actions">
            <ActionArea key={w?.key ?? "none"} state={state} info={info} me={me?.name ?? null} />
          </div>
          {state.choices?.seated && state.choices.sit_out && !state.choices.sitting_out ? (
            <SitOutBar state={state} />
          ) : null}
          <ShareCode table={state.table} />
        </div>
        <div class="pg-tablelayout__side">
          <ChatPanel table={table} me={me} seated={myChips !== undefined} />
          <LogPanel log={slot.log} game={state.game} />
          <HistoryPanel
            me={me?.name ?? null}
            rounds={history}
            {...(me ? { mine } : {})}
            onShow={(which) => {
              setShowMine(which === "mine");
            }}
          />
        </div>
      </div>
    </PageFrame>
  );
}
