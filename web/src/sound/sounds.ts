/**
 * The table's sounds — the deal, the dice, the results — synthesised in the browser with the
 * Web Audio API: no sound file is shipped or fetched, and nothing plays until the player turns
 * sound on (off by default; the choice is kept in localStorage). Each sound is a few short
 * tones or noise bursts under 0.6 s, quiet, and the same every time.
 */

export type SoundName = "deal" | "dice" | "win" | "lose" | "push";

export const SOUND_KEY = "pg-sound";

/** Whether the player turned sound on (remembered in this browser). */
export function soundOn(): boolean {
  try {
    return localStorage.getItem(SOUND_KEY) === "on";
  } catch {
    return false;
  }
}

export function setSoundOn(on: boolean): void {
  try {
    localStorage.setItem(SOUND_KEY, on ? "on" : "off");
  } catch {
    // Kept for this visit only.
  }
  for (const f of listeners) f(on);
}

const listeners = new Set<(on: boolean) => void>();

export function onSoundChange(f: (on: boolean) => void): () => void {
  listeners.add(f);
  return () => {
    listeners.delete(f);
  };
}

/** One note or click of a sound: when (s after start), pitch (Hz, 0 = noise), length (s), gain. */
export interface Note {
  readonly at: number;
  readonly hz: number;
  readonly length: number;
  readonly gain: number;
}

/** The notes of each sound: tile clicks for the deal, a rattle for the dice, a chime for results. */
export const SOUNDS: Readonly<Record<SoundName, readonly Note[]>> = {
  deal: [0, 0.07, 0.14, 0.21].map((at) => ({ at, hz: 0, length: 0.035, gain: 0.25 })),
  dice: [0, 0.05, 0.09, 0.16, 0.2, 0.27, 0.33].map((at, k) => ({
    at,
    hz: 0,
    length: 0.025,
    gain: 0.18 + 0.02 * (k % 3),
  })),
  win: [
    { at: 0, hz: 659.25, length: 0.16, gain: 0.12 },
    { at: 0.12, hz: 880, length: 0.3, gain: 0.12 },
  ],
  lose: [
    { at: 0, hz: 392, length: 0.16, gain: 0.1 },
    { at: 0.14, hz: 293.66, length: 0.32, gain: 0.1 },
  ],
  push: [{ at: 0, hz: 523.25, length: 0.25, gain: 0.1 }],
};

let context: AudioContext | null = null;
let noise: AudioBuffer | null = null;

function audio(): AudioContext | null {
  if (typeof AudioContext === "undefined") return null;
  context ??= new AudioContext();
  return context;
}

/** A short burst of white noise from a fixed seed (the same click every time). */
function noiseBuffer(ctx: AudioContext): AudioBuffer {
  if (noise) return noise;
  const length = Math.round(ctx.sampleRate * 0.05);
  const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  let seed = 0x2545f491;
  for (let k = 0; k < length; k++) {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    data[k] = ((seed >>> 0) / 0xffffffff) * 2 - 1;
  }
  noise = buffer;
  return buffer;
}

/** Play `name` if the player turned sound on (else nothing). */
export function play(name: SoundName): void {
  if (!soundOn()) return;
  const ctx = audio();
  if (!ctx) return;
  void ctx.resume();
  const start = ctx.currentTime + 0.02;
  for (const n of SOUNDS[name]) {
    const gain = ctx.createGain();
    const t0 = start + n.at;
    gain.gain.setValueAtTime(0, t0);
    gain.gain.linearRampToValueAtTime(n.gain, t0 + 0.005);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + n.length);
    gain.connect(ctx.destination);
    if (n.hz === 0) {
      const src = ctx.createBufferSource();
      src.buffer = noiseBuffer(ctx);
      const band = ctx.createBiquadFilter();
      band.type = "bandpass";
      band.frequency.value = name === "dice" ? 2400 : 1600;
      src.connect(band).connect(gain);
      src.start(t0, 0, n.length);
    } else {
      const osc = ctx.createOscillator();
      osc.type = "triangle";
      osc.frequency.value = n.hz;
      osc.connect(gain);
      osc.start(t0);
      osc.stop(t0 + n.length + 0.02);
    }
  }
  // The sounds played on this page, in order, for the browser tests to read.
  const root = document.documentElement;
  root.dataset.soundsPlayed = `${root.dataset.soundsPlayed ?? ""} ${name}`.trim();
}
