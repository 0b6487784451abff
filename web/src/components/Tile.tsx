import type { CSSProperties } from "preact";
import type { TileCode } from "../game/tiles";
import { useI18n } from "../i18n/i18n";
import { tileSpoken } from "../i18n/hands";
import { TILE_HEIGHT, TILE_WIDTH, tilePips } from "../game/pipLayout";
import { useSvgIds } from "./svgIds";
import { imageA11y } from "./SvgText";

export interface TileProps {
  /** The tile, or `null` for a tile lying face down. */
  readonly code: TileCode | null;
  /** Rendered width in CSS units (a number is pixels); the height follows (2.2 : 1). */
  readonly width?: number | string;
  /** Lay the tile on its side. */
  readonly horizontal?: boolean;
  /** Hide from assistive technology when a surrounding control already names the tile. */
  readonly decorative?: boolean;
  readonly className?: string;
}

const PAD = 4;
const RED = "#e23a2e";
const WHITE = "#f6f2e6";

/** A Chinese domino tile drawn in SVG with the traditional pip layout and colours. */
export function Tile({ code, width = 48, horizontal = false, decorative = false, className }: TileProps) {
  const i = useI18n();
  const id = useSvgIds();
  const w = TILE_WIDTH + 2 * PAD;
  const h = TILE_HEIGHT + 2 * PAD;
  const label = code === null ? i.t("piece.faceDownTile") : tileSpoken(i, code);
  const size = typeof width === "number" ? `${width}px` : width;
  const style: CSSProperties = horizontal
    ? { height: size, aspectRatio: `${h} / ${w}` }
    : { width: size, aspectRatio: `${w} / ${h}` };
  const a11y = imageA11y(label, decorative);
  return (
    <svg
      class={["pg-tile", className].filter(Boolean).join(" ")}
      viewBox={horizontal ? `0 0 ${h} ${w}` : `0 0 ${w} ${h}`}
      style={style}
      data-tile={code ?? "back"}
      {...a11y}
    >
      <defs>
        <linearGradient id={id("body")} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stop-color="#3a3a3a" />
          <stop offset="0.45" stop-color="#1b1b1b" />
          <stop offset="1" stop-color="#0b0b0b" />
        </linearGradient>
        <radialGradient id={id("red")} cx="0.4" cy="0.35" r="0.75">
          <stop offset="0" stop-color="#ff7a68" />
          <stop offset="0.55" stop-color={RED} />
          <stop offset="1" stop-color="#8f1510" />
        </radialGradient>
        <radialGradient id={id("white")} cx="0.4" cy="0.35" r="0.75">
          <stop offset="0" stop-color="#ffffff" />
          <stop offset="0.6" stop-color={WHITE} />
          <stop offset="1" stop-color="#b9b2a0" />
        </radialGradient>
      </defs>
      <g transform={horizontal ? `translate(${h} 0) rotate(90)` : undefined}>
        <rect x="0.5" y="0.5" width={w - 1} height={h - 1} rx="13" fill="#050505" />
        <rect x="2" y="2" width={w - 4} height={h - 4} rx="11.5" fill={`url(#${id("body")})`} />
        <rect
          x="2.75"
          y="2.75"
          width={w - 5.5}
          height={h - 5.5}
          rx="11"
          fill="none"
          stroke="rgba(255,255,255,0.16)"
          stroke-width="1.5"
        />
        {code === null ? (
          <TileBack w={w} h={h} />
        ) : (
          <g transform={`translate(${PAD} ${PAD})`}>
            {tilePips(code).map((p, i) => (
              <g key={i}>
                <circle cx={p.x} cy={p.y + 0.8} r={p.r + 0.9} fill="#000" opacity="0.85" />
                <circle cx={p.x} cy={p.y} r={p.r} fill={`url(#${id(p.colour)})`} data-pip={p.colour} />
              </g>
            ))}
          </g>
        )}
      </g>
    </svg>
  );
}

function TileBack({ w, h }: { readonly w: number; readonly h: number }) {
  return (
    <g>
      <rect
        x="12"
        y="12"
        width={w - 24}
        height={h - 24}
        rx="7"
        fill="none"
        stroke="#b08d3c"
        stroke-opacity="0.55"
        stroke-width="2"
      />
      <path
        d={`M${w / 2} ${h / 2 - 22} L${w / 2 + 14} ${h / 2} L${w / 2} ${h / 2 + 22} L${w / 2 - 14} ${h / 2} Z`}
        fill="#b08d3c"
        fill-opacity="0.5"
      />
    </g>
  );
}
