import { useState } from "preact/hooks";
import { useSession } from "../app/session";
import { dollarsText, parseDollars } from "../game/money";
import { useI18n } from "../i18n/i18n";
import {
  ComputerPlayersField,
  OptionToggle,
  PayTableSelect,
  PitForm,
  SelectField,
  TextField,
  useAction,
} from "./fields";
import { profileTitle } from "../pages/profiles";
import type { OpenTable, PitApi } from "./pitApi";
import { usePoll } from "./usePoll";

/**
 * Open a table: a profile from the server's list, and the options that profile offers (the
 * floor shows it when the server pushes the floor with it).
 */
export function OpenTableForm({ pit }: { readonly pit: PitApi }) {
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
  const p = profiles?.find((x) => x.name === name) ?? profiles?.[0];
  const lo = min.trim() ? parseDollars(min) : null;
  const hi = max.trim() ? parseDollars(max) : null;
  const bad = (min.trim() !== "" && lo === null) || (max.trim() !== "" && hi === null);
  const { busy, run } = useAction(async () => {
    if (!p) return;
    const body: OpenTable = { id: id.trim(), profile: p.name, computer_players: Number(bots), advice };
    if (lo !== null) body.min_wager = lo;
    if (hi !== null) body.max_wager = hi;
    if (pf && p.offer.pair_fortunes.includes(pf)) body.pair_fortunes = pf;
    if (p.offer.dragons_eye) body.dragons_eye = de;
    if (p.offer.supreme_bonus) body.supreme_bonus = sb;
    await pit.open(body);
    session.notify("info", { key: "pit.opened", values: { table: body.id } });
    setShow(false);
    setId("");
  });
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
  return (
    <PitForm class="pg-form pg-card-panel pg-pit__open" aria-label={i.t("pit.openForm")} submit={run}>
      <div class="pg-pit__row">
        <TextField
          short
          label={i.t("pit.tableId")}
          name="id"
          value={id}
          set={setId}
          required
          pattern="[a-z0-9][a-z0-9\-]{0,39}"
        />
        <SelectField
          label={i.t("pit.profile")}
          name="profile"
          value={p.name}
          set={(v) => {
            setName(v);
            setPf("");
          }}
        >
          {profiles?.map((x) => (
            <option key={x.name} value={x.name}>
              {i.t("pit.profileOption", { name: x.name, title: profileTitle(i, x.name, x.title) })}
            </option>
          ))}
        </SelectField>
        <TextField
          short
          label={i.t("pit.minimum")}
          name="min"
          inputMode="decimal"
          placeholder={dollarsText(p.limits.min)}
          value={min}
          set={setMin}
        />
        <TextField
          short
          label={i.t("pit.maximum")}
          name="max"
          inputMode="decimal"
          placeholder={dollarsText(p.limits.max)}
          value={max}
          set={setMax}
        />
        <ComputerPlayersField most={p.offer.computer_players} value={bots} set={setBots} />
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
    </PitForm>
  );
}
