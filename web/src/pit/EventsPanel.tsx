import { useEffect, useRef, useState } from "preact/hooks";
import { hrefOf } from "../app/router";
import { messageOf, useSession } from "../app/session";
import type { AuditReport, LogEvent, PitApi } from "./pitApi";

/** The most events the page keeps (the newest). */
const KEEP = 2000;

function Audit({ pit }: { readonly pit: PitApi }) {
  const session = useSession();
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
      <h2 id="audit-title">Audit</h2>
      <button type="button" class="pg-button pg-button--primary" disabled={busy} onClick={() => void run()}>
        Run the audit
      </button>
      {report ? (
        report.findings.length === 0 ? (
          <p class="pg-up" data-testid="audit-result">
            Clean: the ledger balances and every table's chips match it ({report.ledger_rows ?? 0} ledger rows).
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
  const [table, setTable] = useState("");
  const [round, setRound] = useState("");
  const n = Number(round);
  const ok = table.trim() !== "" && Number.isInteger(n) && n > 0;
  return (
    <form
      class="pg-form pg-card-panel pg-pit__row"
      aria-label="Recall a round"
      onSubmit={(e) => {
        e.preventDefault();
        if (ok) window.location.hash = hrefOf({ page: "recall", table: table.trim(), round: n });
      }}
    >
      <label class="pg-field pg-field--short">
        <span class="pg-field__label">Table</span>
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
        <span class="pg-field__label">Round</span>
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
        Recall the round
      </button>
    </form>
  );
}

/** The event log live (filtered by table, kind and level) and the audit. */
export function EventsPanel({ pit }: { readonly pit: PitApi }) {
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
        <h2 id="log-title">Event log</h2>
        <div class="pg-pit__row">
          <label class="pg-field pg-field--short">
            <span class="pg-field__label">Table</span>
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
            <span class="pg-field__label">Kind</span>
            <select
              name="kind"
              value={kind}
              onChange={(e) => {
                setKind(e.currentTarget.value);
              }}
            >
              <option value="">every kind</option>
              {kinds.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </select>
          </label>
          <label class="pg-field pg-field--short">
            <span class="pg-field__label">Level</span>
            <select
              name="level"
              value={level}
              onChange={(e) => {
                setLevel(e.currentTarget.value);
              }}
            >
              <option value="">every level</option>
              <option value="info">info</option>
              <option value="warning">warning</option>
              <option value="alert">alert</option>
            </select>
          </label>
        </div>
        <table class="pg-pit__grid" aria-label="Events" data-testid="events">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">When (UTC)</th>
              <th scope="col">Kind</th>
              <th scope="col">Table</th>
              <th scope="col">By</th>
              <th scope="col">Detail</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((e) => (
              <tr key={e.id} class={`pg-pit__level--${e.level}`} data-event={e.kind}>
                <td>{e.id}</td>
                <td>{e.at.replace("T", " ").slice(0, 19)}</td>
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
