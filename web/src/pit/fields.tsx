import type { ComponentChildren, FormHTMLAttributes } from "preact";
import { useState } from "preact/hooks";
import { messageOf, useSession } from "../app/session";
import { useI18n } from "../i18n/i18n";

/**
 * The pit's forms and fields, one way: a form that submits without leaving the page, an
 * action that is busy while it runs and says its refusal in the server's words, a labelled
 * input and a labelled select. The floor's options, the open-table form, the wallet
 * adjustment and the meters' period are made of these.
 */

/** A form whose submit runs `submit` (the page stays). */
export function PitForm({
  submit,
  children,
  ...rest
}: {
  readonly submit?: () => void;
  readonly children: ComponentChildren;
} & Omit<FormHTMLAttributes, "onSubmit">) {
  return (
    <form
      {...rest}
      onSubmit={(e) => {
        e.preventDefault();
        submit?.();
      }}
    >
      {children}
    </form>
  );
}

/**
 * An action sent to the server: `busy` while it runs; a refusal is shown in the server's
 * words (and handed to `refused`, if given, for what else it means to the form).
 */
export function useAction(
  action: () => Promise<void>,
  refused?: (e: unknown) => void,
): { readonly busy: boolean; readonly run: () => void } {
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const run = () => {
    setBusy(true);
    void (async () => {
      try {
        await action();
      } catch (e) {
        session.notify("error", messageOf(e));
        refused?.(e);
      } finally {
        setBusy(false);
      }
    })();
  };
  return { busy, run };
}

/** What a pit's input may say beside its label and value. */
interface InputProps {
  readonly name: string;
  readonly type?: "text" | "number" | "date" | "search";
  readonly inputMode?: "decimal";
  readonly placeholder?: string;
  readonly required?: boolean;
  readonly pattern?: string;
  readonly min?: number;
  readonly max?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly "aria-invalid"?: boolean;
}

/** A labelled text input (`short`: the narrow field). */
export function TextField({
  label,
  value,
  set,
  short = false,
  type = "text",
  ...rest
}: {
  readonly label: string;
  readonly value: string;
  readonly set: (value: string) => void;
  readonly short?: boolean;
} & InputProps) {
  const attrs = {
    ...rest,
    value,
    onInput: (e: { readonly currentTarget: HTMLInputElement }) => {
      set(e.currentTarget.value);
    },
  };
  // (each kind of input is its own type to preact: one element per kind)
  const input =
    type === "number" ? (
      <input type="number" {...attrs} />
    ) : type === "date" ? (
      <input type="date" {...attrs} />
    ) : type === "search" ? (
      <input type="search" {...attrs} />
    ) : (
      <input type="text" {...attrs} />
    );
  return (
    <label class={short ? "pg-field pg-field--short" : "pg-field"}>
      <span class="pg-field__label">{label}</span>
      {input}
    </label>
  );
}

/** A labelled select of `children` options (`short`: the narrow field). */
export function SelectField({
  label,
  name,
  value,
  set,
  short = false,
  children,
}: {
  readonly label: string;
  readonly name: string;
  readonly value: string;
  readonly set: (value: string) => void;
  readonly short?: boolean;
  readonly children: ComponentChildren;
}) {
  return (
    <label class={short ? "pg-field pg-field--short" : "pg-field"}>
      <span class="pg-field__label">{label}</span>
      <select
        name={name}
        value={value}
        onChange={(e) => {
          set(e.currentTarget.value);
        }}
      >
        {children}
      </select>
    </label>
  );
}

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

/** How many computer players a table has, at most `most` (the table's seats but one). */
export function ComputerPlayersField({
  most,
  value,
  set,
}: {
  readonly most: number;
  readonly value: string;
  readonly set: (value: string) => void;
}) {
  const i = useI18n();
  return (
    <TextField
      short
      label={i.t("pit.computerPlayers")}
      name="bots"
      type="number"
      min={0}
      max={most}
      value={value}
      set={set}
    />
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
    <SelectField short label={i.t("side.pairFortunes")} name="pair_fortunes" value={value} set={set}>
      <option value="">{i.t("pit.notOffered")}</option>
      {tables.map((x) => (
        <option key={x} value={x}>
          {i.t("pit.payTable", { table: x })}
        </option>
      ))}
    </SelectField>
  );
}
