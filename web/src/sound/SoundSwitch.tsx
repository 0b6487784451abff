import { useEffect, useState } from "preact/hooks";
import { useI18n } from "../i18n/i18n";
import { onSoundChange, play, setSoundOn, soundOn } from "./sounds";

/** A speaker, with sound waves when on and a cross when off: drawn, so that it shows whatever
 * fonts the browser has (an emoji needs a colour font many systems lack). */
function SpeakerIcon({ on }: { on: boolean }) {
  return (
    <svg
      aria-hidden="true"
      class="pg-soundswitch__icon"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
    >
      <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
      {on ? <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" /> : <path d="M17 9l5 6M22 9l-5 6" />}
    </svg>
  );
}

/** The sound control of the header: off by default, a toggle button, remembered. */
export function SoundSwitch() {
  const i = useI18n();
  const [on, setOn] = useState(soundOn);
  useEffect(() => onSoundChange(setOn), []);
  return (
    <button
      type="button"
      class="pg-button pg-button--ghost pg-soundswitch"
      aria-pressed={on}
      data-testid="sound"
      title={i.t(on ? "sound.turnOff" : "sound.turnOn")}
      onClick={() => {
        setSoundOn(!on);
        if (!on) play("push");
      }}
    >
      <SpeakerIcon on={on} />
      <span class="pg-visually-hidden">{i.t("sound.label")}</span>
    </button>
  );
}
