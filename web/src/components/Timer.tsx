import { useEffect, useState } from "preact/hooks";
import { secondsLeft } from "../game/table";
import { useI18n } from "../i18n/i18n";

export interface TimerProps {
  /** When the window closes, in seconds since the epoch (the server's clock). */
  readonly deadline: number | null;
  /** The window's full length, in seconds (for the ring). */
  readonly seconds: number;
  /** What the window is for, in words ("Wagers"). */
  readonly label: string;
  /** Milliseconds since the epoch now (injected in tests). */
  readonly now?: () => number;
}

/**
 * A countdown ring for a decision window (the wager window, the setting timer). The seconds are
 * printed inside the ring, so it is never told by colour or shape alone; screen readers get the
 * window and the seconds left as the timer's name, without a running announcement.
 */
export function Timer({ deadline, seconds, label, now = Date.now }: TimerProps) {
  const i = useI18n();
  const [t, setT] = useState(now);
  useEffect(() => {
    const id = setInterval(() => {
      setT(now());
    }, 250);
    return () => {
      clearInterval(id);
    };
  }, [now]);
  const left = secondsLeft(deadline, t);
  if (left === null) return null;
  const share = seconds > 0 ? Math.min(1, left / seconds) : 0;
  const r = 20;
  const length = 2 * Math.PI * r;
  const urgent = left <= 5;
  return (
    <div
      class={`pg-timer${urgent ? " pg-timer--urgent" : ""}`}
      role="timer"
      aria-label={i.t("timer.label", { label, left })}
    >
      <svg viewBox="0 0 48 48" aria-hidden="true">
        <circle cx="24" cy="24" r={r} class="pg-timer__track" />
        <circle
          cx="24"
          cy="24"
          r={r}
          class="pg-timer__arc"
          stroke-dasharray={`${length * share} ${length}`}
          transform="rotate(-90 24 24)"
        />
      </svg>
      <span class="pg-timer__text" aria-hidden="true">
        {left}
      </span>
      <span class="pg-timer__label" aria-hidden="true">
        {label}
      </span>
    </div>
  );
}
