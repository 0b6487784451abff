import { Tile } from "./Tile";

/** The brand mark: a Teen tile on a red and gold medallion (drawn, so it needs no CJK font). */
export function BrandMark() {
  return (
    <span class="pg-brand__mark" aria-hidden="true">
      <Tile code="6-6" width={13} decorative />
    </span>
  );
}
