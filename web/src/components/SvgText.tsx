import type { ComponentChildren } from "preact";

/** The font of every drawn label: the bundled Inter, then the platform's sans-serif. */
export const DRAWING_FONT = "Inter Variable, Inter, system-ui, sans-serif";

export interface SvgTextProps {
  readonly x: number | string;
  readonly y: number | string;
  readonly size: number | string;
  readonly weight?: number;
  readonly fill: string;
  readonly spacing?: number | string;
  readonly dy?: string;
  readonly children: ComponentChildren;
}

/** Centred text inside a drawing (card indices, court titles, chip values). */
export function SvgText({ x, y, size, weight = 700, fill, spacing, dy, children }: SvgTextProps) {
  return (
    <text
      x={x}
      y={y}
      dy={dy}
      text-anchor="middle"
      font-size={size}
      font-weight={weight}
      letter-spacing={spacing}
      fill={fill}
      font-family={DRAWING_FONT}
    >
      {children}
    </text>
  );
}

/** Accessibility attributes of a drawing: a named image, or hidden when a control names it. */
export function imageA11y(label: string, decorative: boolean) {
  return decorative ? { "aria-hidden": true as const } : { role: "img" as const, "aria-label": label };
}
