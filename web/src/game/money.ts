/** Money in integer cents, as the engine keeps it, and its breakdown into casino chips. */

export type Cents = number;

/** "$1,234.50", "$0.25", "-$5.00". Throws on a non-integer amount (cents are whole). */
export function formatCents(cents: Cents): string {
  if (!Number.isInteger(cents)) throw new Error(`amount must be whole cents, got ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString("en-US");
  const rest = String(abs % 100).padStart(2, "0");
  return `${sign}$${dollars}.${rest}`;
}

/** A chip denomination with its conventional colour. */
export interface Denomination {
  readonly cents: Cents;
  /** Text printed on the chip. */
  readonly face: string;
  readonly colour: string;
  readonly edge: string;
  readonly ink: string;
}

/**
 * The chip set, largest first. Colours follow the common US casino convention
 * ($1 white, $5 red, $25 green, $100 black, $500 purple, $1,000 yellow, $5,000 brown); every
 * chip also prints its value, so colour is never the only cue.
 */
export const DENOMINATIONS: readonly Denomination[] = [
  { cents: 500_000, face: "5K", colour: "#7a4a2a", edge: "#f1e3c8", ink: "#fff8ea" },
  { cents: 100_000, face: "1K", colour: "#e9b82c", edge: "#2b2b2b", ink: "#1d1d1d" },
  { cents: 50_000, face: "500", colour: "#5b2d8e", edge: "#f3e9ff", ink: "#ffffff" },
  { cents: 10_000, face: "100", colour: "#1c1c1c", edge: "#e8e8e8", ink: "#ffffff" },
  { cents: 2_500, face: "25", colour: "#1f7a3a", edge: "#f2f2f2", ink: "#ffffff" },
  { cents: 500, face: "5", colour: "#c0202b", edge: "#ffffff", ink: "#ffffff" },
  { cents: 100, face: "1", colour: "#f4f1ea", edge: "#2a64b8", ink: "#1b3f75" },
  { cents: 25, face: "25¢", colour: "#3f8fd2", edge: "#ffffff", ink: "#ffffff" },
];

export interface ChipBreakdown {
  /** Chip counts by denomination, largest first; denominations with no chip are left out. */
  readonly chips: readonly { readonly denomination: Denomination; readonly count: number }[];
  /** Cents that no chip can make (below 25¢), paid as change. */
  readonly change: Cents;
}

/** Break an amount into the fewest chips, largest first (the set is canonical, so greedy). */
export function breakIntoChips(amount: Cents): ChipBreakdown {
  if (!Number.isInteger(amount) || amount < 0) {
    throw new Error(`a chip amount is whole, non-negative cents; got ${amount}`);
  }
  let rest = amount;
  const chips: { denomination: Denomination; count: number }[] = [];
  for (const denomination of DENOMINATIONS) {
    const count = Math.floor(rest / denomination.cents);
    if (count > 0) {
      chips.push({ denomination, count });
      rest -= count * denomination.cents;
    }
  }
  return { chips, change: rest };
}

/** Dollars as a person types them ("25", "25.50", "$1,000") in whole cents, or null. */
export function parseDollars(text: string): Cents | null {
  const t = text
    .trim()
    .replace(/^\$/, "")
    .replace(/,(?=\d{3}(\D|$))/g, "");
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) return null;
  const whole = Number(m[1]);
  const part = m[2] ? Number(m[2].padEnd(2, "0")) : 0;
  return whole * 100 + part;
}

/** Cents as a dollar amount to type back ("25", "25.50"). */
export function dollarsText(cents: Cents): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}
