// Sounds, optional and off by default (issue 29): a short snap when a card lands on the table
// and a two-note chime when it becomes your turn. Both are synthesized with WebAudio (no sound
// file to fetch); the switch is the viewer's, kept in local storage. The audio context is made
// on the switch's click (browsers let a page sound only after a gesture), or on the first
// click on the page once the switch is on. What was played is counted on the switch
// (data-played, "card 3 turn 1", and data-audio, the audio context's state): the browser
// tests read them.
import { h } from "./dom.js";

const KEY = "tricklog.sound";
const played = { card: 0, turn: 0 };
let context = null;

export const sound = {
  on() {
    try {
      return localStorage.getItem(KEY) === "1";
    } catch {
      return false;
    }
  },
  set(on) {
    localStorage.setItem(KEY, on ? "1" : "0");
  },
  card() {
    play("card", snap);
  },
  turn() {
    play("turn", chime);
  },
};

function audio() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  context ??= new Context();
  if (context.state === "suspended") context.resume();
  return context;
}

function play(kind, draw) {
  if (!sound.on()) return;
  const ctx = audio();
  if (!ctx) return;
  draw(ctx, ctx.currentTime + 0.01);
  played[kind] += 1;
  const button = document.getElementById("sound");
  if (button) Object.assign(button.dataset, { played: `card ${played.card} turn ${played.turn}`, audio: ctx.state });
}

// A card put down: 60 ms of noise through a band-pass filter, falling off fast.
function snap(ctx, t) {
  const length = Math.round(ctx.sampleRate * 0.06);
  const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / length) ** 3;
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const band = ctx.createBiquadFilter();
  band.type = "bandpass";
  band.frequency.value = 2400;
  band.Q.value = 0.8;
  const gain = ctx.createGain();
  gain.gain.value = 0.5;
  source.connect(band).connect(gain).connect(ctx.destination);
  source.start(t);
}

// Your turn: two soft sine notes, a fifth apart.
function chime(ctx, t) {
  [659.25, 987.77].forEach((hz, i) => {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = "sine";
    osc.frequency.value = hz;
    const start = t + i * 0.12;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.35);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start);
    osc.stop(start + 0.4);
  });
}

// The switch on the table's bar: a toggle button (aria-pressed).
export function soundSwitch() {
  const button = h(
    "button",
    { type: "button", id: "sound", class: "sound-switch", "aria-pressed": sound.on() ? "true" : "false", data: { played: "card 0 turn 0" } },
    "Sound",
  );
  button.addEventListener("click", () => {
    const on = !sound.on();
    sound.set(on);
    button.setAttribute("aria-pressed", on ? "true" : "false");
    if (on) audio(); // made or resumed within the click: the browser lets it sound
  });
  // switched on in an earlier visit: the first click or key on the page wakes the audio
  const wake = () => sound.on() && audio();
  document.addEventListener("pointerdown", wake, { once: true });
  document.addEventListener("keydown", wake, { once: true });
  return button;
}
