import { useI18n } from "../i18n/i18n";

/** A yes-or-no option of a table (advice, Dragon's Eye, the Supreme Pai Gow bonus). */
export function OptionToggle({
  name,
  label,
  checked,
  set,
}: {
  readonly name: string;
  readonly label: string;
  readonly checked: boolean;
  readonly set: (on: boolean) => void;
}) {
  return (
    <label class="pg-toggle">
      <input
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(e) => {
          set(e.currentTarget.checked);
        }}
      />
      {label}
    </label>
  );
}

/** The Pair Fortunes pay table a profile offers ("" for none); nothing when it offers none. */
export function PayTableSelect({
  tables,
  value,
  set,
}: {
  readonly tables: readonly string[];
  readonly value: string;
  readonly set: (table: string) => void;
}) {
  const i = useI18n();
  if (tables.length === 0) return null;
  return (
    <label class="pg-field pg-field--short">
      <span class="pg-field__label">{i.t("side.pairFortunes")}</span>
      <select
        name="pair_fortunes"
        value={value}
        onChange={(e) => {
          set(e.currentTarget.value);
        }}
      >
        <option value="">{i.t("pit.notOffered")}</option>
        {tables.map((x) => (
          <option key={x} value={x}>
            {i.t("pit.payTable", { table: x })}
          </option>
        ))}
      </select>
    </label>
  );
}
