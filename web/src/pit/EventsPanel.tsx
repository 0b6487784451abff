import { useEffect, useRef, useState } from "preact/hooks";
import { hrefOf } from "../app/router";
import { messageOf, useSession } from "../app/session";
import { useI18n } from "../i18n/i18n";
import type { AuditReport, LogEvent, PitApi } from "./pitApi";
import { moment } from "./words";

/** The levels of the event log, as the server names them. */
const LEVELS = ["info", "warning", "alert"] as const;

/** The most events the page keeps (the newest). */
const KEEP = 2000;

function Audit({ pit }: { readonly pit: PitApi }) {
  const session = useSession();
  const i = useI18n();
  const [report, setReport] = useState<AuditReport | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      setReport(await pit.audit());
    } catch (e) {
      session.notify("error", messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="pg-card-panel" aria-labelledby="audit-title">
      <h2 id="audit-title">{i.t("pit.audit")}</h2>
      <button type="button" class="pg-button pg-button--primary" disabled={busy} onClick={() => void run()}>
        {i.t("pit.runAudit")}
      </button>
      {report ? (
        report.findings.length === 0 ? (
          <p class="pg-up" data-testid="audit-result">
            {i.t("pit.auditClean", { rows: report.ledger_rows ?? 0 })}
          </p>
        ) : (
          <ul class="pg-form__error" data-testid="audit-result">
            {report.findings.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}

/** Recall any round of any table: its page, with every step and every hand. */
function RecallForm() {
  const i = useI18n();
  const [table, setTable] = useState("");
  const [round, setRound] = useState("");
  const n = Number(round);
  const ok = table.trim() !== "" && Number.isInteger(n) && n > 0;
  return (
    <form
      class="pg-form pg-card-panel pg-pit__row"
      aria-label={i.t("pit.recallForm")}
      onSubmit={(e) => {
        e.preventDefault();
        if (ok) window.location.hash = hrefOf({ page: "recall", table: table.trim(), round: n });
      }}
    >
      <label class="pg-field pg-field--short">
        <span class="pg-field__label">{i.t("title.table")}</span>
        <input
          name="recall-table"
          value={table}
          maxLength={40}
          onInput={(e) => {
            setTable(e.currentTarget.value);
          }}
        />
      </label>
      <label class="pg-field pg-field--short">
        <span class="pg-field__label">{i.t("pit.round")}</span>
        <input
          name="recall-round"
          type="number"
          min={1}
          value={round}
          onInput={(e) => {
            setRound(e.currentTarget.value);
          }}
        />
      </label>
      <button type="submit" class="pg-button pg-button--primary" disabled={!ok}>
        {i.t("pit.recallSubmit")}
      </button>
    </form>
  );
}

/** The event log live (filtered by table, kind and level) and the audit. */
export function EventsPanel({ pit }: { readonly pit: PitApi }) {
  const i = useI18n();
  const [events, setEvents] = useState<readonly LogEvent[]>([]);
  const [table, setTable] = useState("");
  const [kind, setKind] = useState("");
  const [level, setLevel] = useState("");
  const last = useRef(0);
  useEffect(() => {
    let live = true;
    last.current = 0;
    setEvents([]);
    const load = async () => {
      try {
        const got = await pit.events(last.current, table.trim());
        if (!live || got.length === 0) return;
        last.current = got[got.length - 1]?.id ?? last.current;
        setEvents((old) => [...old, ...got].slice(-KEEP));
      } catch {
        /* the next poll tries again */
      }
    };
    void load();
    const id = setInterval(() => void load(), 2000);
    return () => {
      live = false;
      clearInterval(id);
    };
  }, [pit, table]);
  const kinds = [...new Set(events.map((e) => e.kind))].sort();
  const shown = events
    .filter((e) => (!kind || e.kind === kind) && (!level || e.level === level))
    .slice(-200)
    .reverse();
  return (
    <div class="pg-pit__events">
      <Audit pit={pit} />
      <RecallForm />
      <section class="pg-card-panel" aria-labelledby="log-title">
        <h2 id="log-title">{i.t("pit.eventLog")}</h2>
        <div class="pg-pit__row">
          <label class="pg-field pg-field--short">
            <span class="pg-field__label">{i.t("title.table")}</span>
            <input
              name="table"
              value={table}
              maxLength={40}
              onChange={(e) => {
                setTable(e.currentTarget.value);
              }}
            />
          </label>
          <label class="pg-field pg-field--short">
            <span class="pg-field__label">{i.t("pit.kind")}</span>
            <select
              name="kind"
              value={kind}
              onChange={(e) => {
                setKind(e.currentTarget.value);
              }}
            >
              <option value="">{i.t("pit.everyKind")}</option>
              {kinds.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </select>
          </label>
          <label class="pg-field pg-field--short">
            <span class="pg-field__label">{i.t("pit.level")}</span>
            <select
              name="level"
              value={level}
              onChange={(e) => {
                setLevel(e.currentTarget.value);
              }}
            >
              <option value="">{i.t("pit.everyLevel")}</option>
              {LEVELS.map((l) => (
                <option key={l} value={l}>
                  {i.t("pit.levelName", { level: l })}
                </option>
              ))}
            </select>
          </label>
        </div>
        <table class="pg-pit__grid" aria-label={i.t("pit.events")} data-testid="events">
          <thead>
            <tr>
              <th scope="col">{i.t("pit.idHeader")}</th>
              <th scope="col">{i.t("pit.when")}</th>
              <th scope="col">{i.t("pit.kind")}</th>
              <th scope="col">{i.t("title.table")}</th>
              <th scope="col">{i.t("pit.by")}</th>
              <th scope="col">{i.t("pit.detail")}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((e) => (
              <tr key={e.id} class={`pg-pit__level--${e.level}`} data-event={e.kind}>
                <td>{e.id}</td>
                <td>{moment(i, e.at)}</td>
                <td>{e.kind}</td>
                <td>{e.table ?? ""}</td>
                <td>{e.actor ?? ""}</td>
                <td>
                  <code>{JSON.stringify(e.detail)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
