import { useState } from "preact/hooks";
import { messageOf, useSession } from "../app/session";
import { dollarsText, parseDollars } from "../game/money";
import type { OpenTable, PitApi } from "./pitApi";
import { usePoll } from "./usePoll";

/** Open a table: a profile from the server's list, and the options that profile offers. */
export function OpenTableForm({ pit, opened }: { readonly pit: PitApi; readonly opened: () => void }) {
  const session = useSession();
  const { data: profiles } = usePoll(() => pit.profiles(), 0, [pit]);
  const [show, setShow] = useState(false);
  const [id, setId] = useState("");
  const [name, setName] = useState("");
  const [min, setMin] = useState("");
  const [max, setMax] = useState("");
  const [bots, setBots] = useState("0");
  const [pf, setPf] = useState("");
  const [de, setDe] = useState(false);
  const [sb, setSb] = useState(true);
  const [advice, setAdvice] = useState(true);
  const [busy, setBusy] = useState(false);
  const p = profiles?.find((x) => x.name === name) ?? profiles?.[0];
  if (!show || !p) {
    return (
      <p>
        <button
          type="button"
          class="pg-button pg-button--primary"
          disabled={!profiles}
          onClick={() => {
            setShow(true);
          }}
        >
          Open a table…
        </button>
      </p>
    );
  }
  const lo = min.trim() ? parseDollars(min) : null;
  const hi = max.trim() ? parseDollars(max) : null;
  const bad = (min.trim() !== "" && lo === null) || (max.trim() !== "" && hi === null);
  const submit = async () => {
    const body: OpenTable = { id: id.trim(), profile: p.name, computer_players: Number(bots), advice };
    if (lo !== null) body.min_wager = lo;
    if (hi !== null) body.max_wager = hi;
    if (pf && p.offer.pair_fortunes.includes(pf)) body.pair_fortunes = pf;
    if (p.offer.dragons_eye) body.dragons_eye = de;
    if (p.offer.supreme_bonus) body.supreme_bonus = sb;
    setBusy(true);
    try {
      await pit.open(body);
      session.notify("info", `Table ${body.id} is open.`);
      setShow(false);
      setId("");
      opened();
    } catch (e) {
      session.notify("error", messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      class="pg-form pg-card-panel pg-pit__open"
      aria-label="Open a table"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div class="pg-pit__row">
        <label class="pg-field pg-field--short">
          <span class="pg-field__label">Table id</span>
          <input
            name="id"
            value={id}
            required
            pattern="[a-z0-9][a-z0-9\-]{0,39}"
            onInput={(e) => {
              setId(e.currentTarget.value);
            }}
          />
        </label>
        <label class="pg-field">
          <span class="pg-field__label">Profile</span>
          <select
            name="profile"
            value={p.name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setPf("");
            }}
          >
            {profiles?.map((x) => (
              <option key={x.name} value={x.name}>
                {x.name} — {x.title}
              </option>
            ))}
          </select>
        </label>
        <label class="pg-field pg-field--short">
          <span class="pg-field__label">Minimum ($)</span>
          <input
            name="min"
            inputMode="decimal"
            placeholder={dollarsText(p.limits.min)}
            value={min}
            onInput={(e) => {
              setMin(e.currentTarget.value);
            }}
          />
        </label>
        <label class="pg-field pg-field--short">
          <span class="pg-field__label">Maximum ($)</span>
          <input
            name="max"
            inputMode="decimal"
            placeholder={dollarsText(p.limits.max)}
            value={max}
            onInput={(e) => {
              setMax(e.currentTarget.value);
            }}
          />
        </label>
        <label class="pg-field pg-field--short">
          <span class="pg-field__label">Computer players</span>
          <input
            name="bots"
            type="number"
            min={0}
            max={p.offer.computer_players}
            value={bots}
            onInput={(e) => {
              setBots(e.currentTarget.value);
            }}
          />
        </label>
        {p.offer.pair_fortunes.length > 0 ? (
          <label class="pg-field pg-field--short">
            <span class="pg-field__label">Pair Fortunes</span>
            <select
              name="pair_fortunes"
              value={pf}
              onChange={(e) => {
                setPf(e.currentTarget.value);
              }}
            >
              <option value="">not offered</option>
              {p.offer.pair_fortunes.map((x) => (
                <option key={x} value={x}>
                  pay table {x}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <div class="pg-pit__row">
        <label class="pg-toggle">
          <input
            type="checkbox"
            name="advice"
            checked={advice}
            onChange={(e) => {
              setAdvice(e.currentTarget.checked);
            }}
          />
          Setting advice
        </label>
        {p.offer.dragons_eye ? (
          <label class="pg-toggle">
            <input
              type="checkbox"
              name="dragons_eye"
              checked={de}
              onChange={(e) => {
                setDe(e.currentTarget.checked);
              }}
            />
            Dragon's Eye
          </label>
        ) : null}
        {p.offer.supreme_bonus ? (
          <label class="pg-toggle">
            <input
              type="checkbox"
              name="supreme_bonus"
              checked={sb}
              onChange={(e) => {
                setSb(e.currentTarget.checked);
              }}
            />
            Supreme Pai Gow bonus
          </label>
        ) : null}
        <button type="submit" class="pg-button pg-button--primary" disabled={busy || bad || !id.trim()}>
          Open table
        </button>
        <button
          type="button"
          class="pg-button pg-button--ghost"
          onClick={() => {
            setShow(false);
          }}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
