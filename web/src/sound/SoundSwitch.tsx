import { useEffect, useState } from "preact/hooks";
import { useI18n } from "../i18n/i18n";
import { onSoundChange, play, setSoundOn, soundOn } from "./sounds";

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
      <span aria-hidden="true">{i.t(on ? "sound.iconOn" : "sound.iconOff")}</span>
      <span class="pg-visually-hidden">{i.t("sound.label")}</span>
    </button>
  );
}
