import { useI18n } from "../i18n/i18n";
import type { CSSProperties } from "preact";
import type { Pips } from "../game/tiles";
import { diePips } from "../game/pipLayout";
import { useSvgIds } from "./svgIds";
import { imageA11y } from "./SvgText";

export interface DieProps {
  readonly value: Pips;
  /** Pixels or a CSS length. */
  readonly size?: number | string;
  /** The Dragon's Eye die, of a colour distinct from the other two (R-EQUIP-06). */
  readonly dragon?: boolean;
  readonly decorative?: boolean;
  readonly className?: string;
}

/**
 * A die seen from above. Ivory dice carry red ones and fours as Chinese dice do; the Dragon's
 * Eye die is crimson with gold pips, so it differs from the others in lightness as well as hue.
 */
export function Die({ value, size = 40, dragon = false, decorative = false, className }: DieProps) {
  const i = useI18n();
  const id = useSvgIds();
  const px = typeof size === "number" ? `${size}px` : size;
  const style: CSSProperties = { width: px, height: px };
  const label = i.t("piece.die", { dragon: dragon ? "yes" : "no", value });
  const a11y = imageA11y(label, decorative);
  const body = dragon ? ["#e0455a", "#9c0f26", "#5e0614"] : ["#ffffff", "#f3eddc", "#cfc5aa"];
  return (
    <svg
      class={["pg-die", className].filter(Boolean).join(" ")}
      viewBox="-3 -3 106 106"
      style={style}
      data-die={value}
      data-dragon={dragon ? "true" : undefined}
      {...a11y}
    >
      <defs>
        <linearGradient id={id("body")} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stop-color={body[0]} />
          <stop offset="0.5" stop-color={body[1]} />
          <stop offset="1" stop-color={body[2]} />
        </linearGradient>
      </defs>
      <rect
        x="0"
        y="0"
        width="100"
        height="100"
        rx="20"
        fill={`url(#${id("body")})`}
        stroke="rgba(0,0,0,0.35)"
        stroke-width="2"
      />
      {diePips(value).map((p, i) => {
        const fill = dragon ? "#f7d774" : p.colour === "red" ? "#d3261c" : "#1b1b1b";
        return (
          <circle
            key={i}
            cx={p.x}
            cy={p.y}
            r={p.r}
            fill={fill}
            data-pip={dragon ? "gold" : p.colour === "red" ? "red" : "black"}
          />
        );
      })}
    </svg>
  );
}
