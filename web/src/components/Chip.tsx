import type { CSSProperties } from "preact";
import type { Cents, Denomination } from "../game/money";
import { breakIntoChips } from "../game/money";
import { useI18n } from "../i18n/i18n";
import { imageA11y, SvgText } from "./SvgText";

export interface ChipProps {
  readonly denomination: Denomination;
  readonly size?: number | string;
  readonly decorative?: boolean;
}

/** One casino chip seen from above: edge spots, inlay ring, and its value printed. */
export function Chip({ denomination: d, size = 48, decorative = false }: ChipProps) {
  const px = typeof size === "number" ? `${size}px` : size;
  const style: CSSProperties = { width: px, height: px };
  const i = useI18n();
  const a11y = imageA11y(i.t("piece.chip", { amount: i.money(d.cents) }), decorative);
  const spots = Array.from({ length: 8 }, (_, i) => i * 45);
  return (
    <svg class="pg-chip" viewBox="0 0 100 100" style={style} data-chip={d.cents} {...a11y}>
      <circle cx="50" cy="50" r="48" fill={d.colour} stroke="rgba(0,0,0,0.45)" stroke-width="2" />
      {spots.map((a) => (
        <rect
          key={a}
          x="45"
          y="3"
          width="10"
          height="15"
          rx="2"
          fill={d.edge}
          transform={`rotate(${a + 22.5} 50 50)`}
        />
      ))}
      <circle cx="50" cy="50" r="31" fill={d.colour} stroke={d.edge} stroke-width="2.5" stroke-dasharray="5 3.2" />
      <circle cx="50" cy="50" r="26" fill="rgba(255,255,255,0.08)" />
      <SvgText x="50" y="50" dy="0.35em" size={d.face.length > 3 ? 19 : 24} weight={800} fill={d.ink}>
        {d.face}
      </SvgText>
    </svg>
  );
}

export interface ChipStackProps {
  readonly amount: Cents;
  /** Chip width in pixels. */
  readonly chipSize?: number;
  /** Columns taller than this show the count instead of more chips. */
  readonly maxVisible?: number;
}

/**
 * An amount as stacks of chips, one column per denomination (fewest chips), labelled with the
 * amount for screen readers and printed below for everyone.
 */
export function ChipStack({ amount, chipSize = 40, maxVisible = 8 }: ChipStackProps) {
  const i = useI18n();
  const { chips, change } = breakIntoChips(amount);
  const edge = chipSize * 0.12;
  return (
    <figure
      class="pg-chipstack"
      role="img"
      aria-label={i.t("piece.chips", { amount: i.money(amount) })}
      data-amount={amount}
    >
      <div class="pg-chipstack__columns" aria-hidden="true">
        {chips.map(({ denomination: d, count }) => {
          const shown = Math.min(count, maxVisible);
          const height = chipSize + (shown - 1) * edge;
          return (
            <div class="pg-chipstack__column" key={d.cents} data-count={count}>
              <svg viewBox={`0 0 ${chipSize} ${height}`} width={chipSize} height={height} class="pg-chipstack__stack">
                {Array.from({ length: shown - 1 }, (_, i) => (
                  <g key={i} transform={`translate(0 ${height - chipSize - i * edge})`}>
                    <ellipse
                      cx={chipSize / 2}
                      cy={chipSize / 2 + edge * 0.5}
                      rx={chipSize / 2}
                      ry={chipSize / 2}
                      fill="rgba(0,0,0,0.55)"
                    />
                    <circle
                      cx={chipSize / 2}
                      cy={chipSize / 2}
                      r={chipSize / 2 - 0.5}
                      fill={d.colour}
                      stroke={d.edge}
                      stroke-width={chipSize * 0.05}
                      stroke-dasharray={`${chipSize * 0.12} ${chipSize * 0.1}`}
                    />
                  </g>
                ))}
                <foreignObject x="0" y="0" width={chipSize} height={chipSize}>
                  <Chip denomination={d} size={chipSize} decorative />
                </foreignObject>
              </svg>
              {count > maxVisible ? <span class="pg-chipstack__count">{i.t("piece.times", { count })}</span> : null}
            </div>
          );
        })}
      </div>
      <figcaption class="pg-chipstack__amount">
        {i.money(amount)}
        {change > 0 ? (
          <span class="pg-chipstack__change">{i.t("piece.change", { amount: i.money(change) })}</span>
        ) : null}
      </figcaption>
    </figure>
  );
}
