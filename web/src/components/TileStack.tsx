import { useI18n } from "../i18n/i18n";
import { Tile } from "./Tile";

export interface TileStackProps {
  /** Tiles in the stack, 1..4 (a stack of the deal holds four, R-DEAL). */
  readonly count?: number;
  /** Width of an upright tile in pixels; the stack lies on its side, a little smaller. */
  readonly width?: number;
  readonly label?: string;
}

/** A stack of face-down tiles, as the dealer builds them before the deal. */
export function TileStack({ count = 4, width = 40, label }: TileStackProps) {
  const i = useI18n();
  const n = Math.max(1, Math.min(4, Math.trunc(count)));
  const short = width * 0.7;
  const long = (short * 228) / 108;
  const step = width * 0.16;
  const height = short + (n - 1) * step;
  return (
    <div
      class="pg-tilestack"
      role="img"
      aria-label={label ?? i.t("piece.stack", { n })}
      style={{ width: `${long}px`, height: `${height}px` }}
      data-count={n}
    >
      {Array.from({ length: n }, (_, i) => (
        <div class="pg-tilestack__tile" key={i} style={{ bottom: `${i * step}px`, zIndex: i }}>
          <Tile code={null} width={short} horizontal decorative />
        </div>
      ))}
    </div>
  );
}
