import type { CardCode } from "../game/cards";
import { isCardCode } from "../game/cards";
import type { TileCode } from "../game/tiles";
import { isTileCode } from "../game/tiles";
import { Card } from "./Card";
import type { CardBack } from "./Card";
import { Tile } from "./Tile";

export interface PieceProps {
  readonly game: "tiles" | "cards";
  /** The piece in the engine's notation, or null for one lying face down. */
  readonly code: string | null;
  readonly width?: number | string;
  readonly decorative?: boolean;
  readonly back?: CardBack;
  readonly className?: string;
}

/** A tile or a card, face up or face down, whichever the game uses. */
export function Piece({ game, code, width = 40, decorative = false, back = "red", className }: PieceProps) {
  const extra = className === undefined ? {} : { className };
  if (game === "cards") {
    const card: CardCode | null = code !== null && isCardCode(code) ? code : null;
    return <Card code={card} width={width} decorative={decorative} back={back} {...extra} />;
  }
  const tile: TileCode | null = code !== null && isTileCode(code) ? code : null;
  return <Tile code={tile} width={width} decorative={decorative} {...extra} />;
}

/** A hand of pieces side by side (a set hand, a dealt hand), labelled as a group. */
export function PieceRow({
  game,
  codes,
  width = 40,
  label,
  decorative = false,
}: {
  readonly game: "tiles" | "cards";
  readonly codes: readonly (string | null)[];
  readonly width?: number | string;
  readonly label?: string;
  readonly decorative?: boolean;
}) {
  return (
    <span class="pg-piecerow" {...(label ? { role: "group", "aria-label": label } : {})}>
      {codes.map((c, i) => (
        <Piece key={i} game={game} code={c} width={width} decorative={decorative} />
      ))}
    </span>
  );
}
