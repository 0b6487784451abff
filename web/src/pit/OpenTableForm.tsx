import { useState } from "preact/hooks";
import { messageOf, useSession } from "../app/session";
import { dollarsText, parseDollars } from "../game/money";
import { useI18n } from "../i18n/i18n";
import { OptionToggle, PayTableSelect } from "./optionFields";
import { profileTitle } from "../pages/profiles";
import type { OpenTable, PitApi } from "./pitApi";
import { usePoll } from "./usePoll";

/** Open a table: a profile from the server's list, and the options that profile offers. */
export function OpenTableForm({ pit, opened }: { readonly pit: PitApi; readonly opened: () => void }) {
  const session = useSession();
  const i = useI18n();
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
          {i.t("pit.open")}
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
      session.notify("info", { key: "pit.opened", values: { table: body.id } });
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
      aria-label={i.t("pit.openForm")}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div class="pg-pit__row">
        <label class="pg-field pg-field--short">
          <span class="pg-field__label">{i.t("pit.tableId")}</span>
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
          <span class="pg-field__label">{i.t("pit.profile")}</span>
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
                {i.t("pit.profileOption", { name: x.name, title: profileTitle(i, x.name, x.title) })}
              </option>
            ))}
          </select>
        </label>
        <label class="pg-field pg-field--short">
          <span class="pg-field__label">{i.t("pit.minimum")}</span>
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
          <span class="pg-field__label">{i.t("pit.maximum")}</span>
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
          <span class="pg-field__label">{i.t("pit.computerPlayers")}</span>
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
        <PayTableSelect tables={p.offer.pair_fortunes} value={pf} set={setPf} />
      </div>
      <div class="pg-pit__row">
        <OptionToggle name="advice" label={i.t("pit.advice")} checked={advice} set={setAdvice} />
        {p.offer.dragons_eye ? (
          <OptionToggle name="dragons_eye" label={i.t("wager.de")} checked={de} set={setDe} />
        ) : null}
        {p.offer.supreme_bonus ? (
          <OptionToggle name="supreme_bonus" label={i.t("pit.supremeBonus")} checked={sb} set={setSb} />
        ) : null}
        <button type="submit" class="pg-button pg-button--primary" disabled={busy || bad || !id.trim()}>
          {i.t("pit.openSubmit")}
        </button>
        <button
          type="button"
          class="pg-button pg-button--ghost"
          onClick={() => {
            setShow(false);
          }}
        >
          {i.t("pit.cancel")}
        </button>
      </div>
    </form>
  );
}
