import type { CSSProperties } from "preact";
import type { CardCode, Rank, Suit } from "../game/cards";
import { cardInfo, pipCount, rankIndex } from "../game/cards";
import { useI18n } from "../i18n/i18n";
import { cardSpoken } from "../i18n/cards";
import type { CardPalette } from "./cardColours";
import { SUIT_COLOURS } from "./cardColours";
import { SuitSymbol } from "./SuitSymbol";
import { useSvgIds } from "./svgIds";
import { imageA11y, SvgText } from "./SvgText";

/** The word a joker carries on its face (printed, like the ranks, in every language). */
const JOKER = "JOKER";

export type CardBack = "red" | "blue";

export interface CardProps {
  /** The card, or `null` for a card face down. */
  readonly code: CardCode | null;
  /** Rendered width (a number is pixels); cards are 2.5 : 3.5. */
  readonly width?: number | string;
  readonly palette?: CardPalette;
  /** Back colour: the two decks of a Supreme Pai Gow table have different backs (R-EQUIP). */
  readonly back?: CardBack;
  readonly decorative?: boolean;
  readonly className?: string;
}

const W = 250;
const H = 350;
const L = 78;
const C = 125;
const Rt = 172;
const TOP = 82;
const BOT = 268;
const MID = (TOP + BOT) / 2;
const Q1 = TOP + (BOT - TOP) / 3;
const Q2 = TOP + (2 * (BOT - TOP)) / 3;

/** Centre pip positions of number cards (2..10), as on a standard deck. */
export function numberPipSpots(count: number): readonly (readonly [number, number])[] {
  const col = (x: number, ys: readonly number[]) => ys.map((y) => [x, y] as const);
  switch (count) {
    case 2:
      return col(C, [TOP, BOT]);
    case 3:
      return col(C, [TOP, MID, BOT]);
    case 4:
      return [...col(L, [TOP, BOT]), ...col(Rt, [TOP, BOT])];
    case 5:
      return [...col(L, [TOP, BOT]), ...col(Rt, [TOP, BOT]), [C, MID]];
    case 6:
      return [...col(L, [TOP, MID, BOT]), ...col(Rt, [TOP, MID, BOT])];
    case 7:
      return [...col(L, [TOP, MID, BOT]), ...col(Rt, [TOP, MID, BOT]), [C, (TOP + MID) / 2]];
    case 8:
      return [...col(L, [TOP, MID, BOT]), ...col(Rt, [TOP, MID, BOT]), ...col(C, [(TOP + MID) / 2, (MID + BOT) / 2])];
    case 9:
      return [...col(L, [TOP, Q1, Q2, BOT]), ...col(Rt, [TOP, Q1, Q2, BOT]), [C, MID]];
    case 10:
      return [
        ...col(L, [TOP, Q1, Q2, BOT]),
        ...col(Rt, [TOP, Q1, Q2, BOT]),
        ...col(C, [(TOP + Q1) / 2, (Q2 + BOT) / 2]),
      ];
    default:
      return [];
  }
}

/** A playing card drawn in SVG: corner indices, standard pip layouts, courts, jokers, backs. */
export function Card({
  code,
  width = 64,
  palette = "two-colour",
  back = "red",
  decorative = false,
  className,
}: CardProps) {
  const i = useI18n();
  const id = useSvgIds();
  const size = typeof width === "number" ? `${width}px` : width;
  const style: CSSProperties = { width: size, aspectRatio: `${W} / ${H}` };
  const label = code === null ? i.t("piece.faceDownCard") : cardSpoken(i, code);
  const a11y = imageA11y(label, decorative);
  return (
    <svg
      class={["pg-card", className].filter(Boolean).join(" ")}
      viewBox={`0 0 ${W} ${H}`}
      style={style}
      data-card={code ?? "back"}
      {...a11y}
    >
      <rect x="1.5" y="1.5" width={W - 3} height={H - 3} rx="16" fill="#fffdf8" stroke="#b9b3a6" stroke-width="3" />
      {code === null ? <Back colour={back} pattern={id("back")} /> : <Face code={code} palette={palette} />}
    </svg>
  );
}

function Face({ code, palette }: { readonly code: CardCode; readonly palette: CardPalette }) {
  const info = cardInfo(code);
  if (info.joker) return <JokerFace number={info.number} />;
  const fill = SUIT_COLOURS[palette][info.suit];
  return (
    <g>
      <Index rank={info.rank} suit={info.suit} fill={fill} />
      <g transform={`rotate(180 ${W / 2} ${H / 2})`}>
        <Index rank={info.rank} suit={info.suit} fill={fill} />
      </g>
      <Centre rank={info.rank} suit={info.suit} fill={fill} />
    </g>
  );
}

function Index({ rank, suit, fill }: { readonly rank: Rank; readonly suit: Suit; readonly fill: string }) {
  const text = rankIndex(rank);
  return (
    <g>
      <SvgText
        x="30"
        y="52"
        size={text.length > 1 ? 40 : 46}
        weight={700}
        spacing={text.length > 1 ? -3 : 0}
        fill={fill}
      >
        {text}
      </SvgText>
      <SuitSymbol suit={suit} x={30} y={76} size={28} fill={fill} />
    </g>
  );
}

function Centre({ rank, suit, fill }: { readonly rank: Rank; readonly suit: Suit; readonly fill: string }) {
  const pips = pipCount(rank);
  if (pips === 1) return <SuitSymbol suit={suit} x={W / 2} y={H / 2} size={110} fill={fill} />;
  if (pips === 0) return <Court rank={rank} suit={suit} fill={fill} />;
  return (
    <g>
      {numberPipSpots(pips).map(([x, y], i) => (
        <SuitSymbol key={i} suit={suit} x={x} y={y} size={44} fill={fill} inverted={y > MID + 1} />
      ))}
    </g>
  );
}

const COURT_TITLES: Readonly<Record<string, string>> = { J: "JACK", Q: "QUEEN", K: "KING" };

function Court({ rank, suit, fill }: { readonly rank: Rank; readonly suit: Suit; readonly fill: string }) {
  return (
    <g>
      <rect x="56" y="62" width="138" height="226" rx="10" fill="#f6efdd" stroke={fill} stroke-width="4" />
      <rect x="64" y="70" width="122" height="210" rx="6" fill="none" stroke="#c9a74a" stroke-width="3" />
      <SvgText x={W / 2} y="170" size="92" weight={800} fill={fill}>
        {rank}
      </SvgText>
      <SuitSymbol suit={suit} x={W / 2} y={218} size={46} fill={fill} />
      <SvgText x={W / 2} y="268" size="18" weight={700} spacing="4" fill="#8a6d1f">
        {COURT_TITLES[rank]}
      </SvgText>
    </g>
  );
}

function JokerFace({ number }: { readonly number: 1 | 2 }) {
  const fill = number === 1 ? "#c8102e" : "#161616";
  const letters = ["J", "O", "K", "E", "R"];
  const corner = (
    <g>
      {letters.map((ch, i) => (
        <SvgText key={ch} x="28" y={40 + i * 27} size="26" weight={800} fill={fill}>
          {ch}
        </SvgText>
      ))}
    </g>
  );
  return (
    <g>
      {corner}
      <g transform={`rotate(180 ${W / 2} ${H / 2})`}>{corner}</g>
      <circle cx={W / 2} cy={H / 2} r="62" fill="none" stroke="#c9a74a" stroke-width="4" />
      <path
        d={starPath(W / 2, H / 2, 52, 22, 5)}
        fill={fill}
        stroke="#c9a74a"
        stroke-width="3"
        stroke-linejoin="round"
      />
      <SvgText x={W / 2} y={H / 2 + 98} size="22" weight={800} spacing="6" fill={fill}>
        {/* The word printed on the card's face, as on a real deck, in every language. */}
        {JOKER}
      </SvgText>
    </g>
  );
}

/** A star with `points` tips between radii `outer` and `inner`, first tip straight up. */
export function starPath(cx: number, cy: number, outer: number, inner: number, points: number): string {
  const parts: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI * i) / points - Math.PI / 2;
    parts.push(`${i === 0 ? "M" : "L"}${(cx + r * Math.cos(a)).toFixed(2)} ${(cy + r * Math.sin(a)).toFixed(2)}`);
  }
  return `${parts.join(" ")} Z`;
}

const BACKS: Readonly<Record<CardBack, { readonly base: string; readonly line: string }>> = {
  red: { base: "#9e1b2a", line: "#d9596a" },
  blue: { base: "#173f7a", line: "#5f8fd6" },
};

function Back({ colour, pattern }: { readonly colour: CardBack; readonly pattern: string }) {
  const c = BACKS[colour];
  return (
    <g data-back={colour}>
      <defs>
        <pattern id={pattern} width="18" height="18" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="18" height="18" fill={c.base} />
          <path d="M0 9 H18 M9 0 V18" stroke={c.line} stroke-width="1.6" opacity="0.7" />
        </pattern>
      </defs>
      <rect x="16" y="16" width={W - 32} height={H - 32} rx="10" fill={`url(#${pattern})`} />
      <rect x="16" y="16" width={W - 32} height={H - 32} rx="10" fill="none" stroke={c.base} stroke-width="4" />
      <rect x="26" y="26" width={W - 52} height={H - 52} rx="6" fill="none" stroke="#fffdf8" stroke-width="3" />
      <circle cx={W / 2} cy={H / 2} r="34" fill={c.base} stroke="#fffdf8" stroke-width="3" />
      <path d={starPath(W / 2, H / 2, 22, 9, 8)} fill="#fffdf8" />
    </g>
  );
}
