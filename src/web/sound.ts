/**
 * The board's sounds, made with the Web Audio API (no sound files): a soft short knock for every
 * counter dropped, its pitch varying a little with the hole (so a run of drops is not one note), and
 * a brighter two-note sound for a capture or a hole marked. Off until the player turns them on; the
 * choice is remembered (`gabata.sound`). Browsers let a page make sound only after a gesture, so
 * the AudioContext is made on the player's own click of the toggle (or, the setting being on from an
 * earlier visit, on the player's first click or key on the page). Frames skipped, or animation off,
 * make no sound: the page calls `frame` only for frames it draws.
 */
import type { GameEvent } from '@gabata/engine/core';

const KEY = 'gabata.sound';

/** Is sound on (the remembered choice)? Off by default. */
export function soundSetting(): boolean {
  try {
    return localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

type AudioCtor = new () => AudioContext;

export class Sounds {
  private on = soundSetting();
  private ctx: AudioContext | null = null;
  private readonly wake = (): void => {
    if (this.on) this.context();
  };

  constructor(private readonly doc: Document = document) {
    // A setting kept from an earlier visit: the first gesture on the page makes the context.
    doc.addEventListener('pointerdown', this.wake, true);
    doc.addEventListener('keydown', this.wake, true);
  }

  get enabled(): boolean {
    return this.on;
  }

  /** Turns sound on or off (a click of the toggle: a gesture, so the context may start now). */
  set(on: boolean): void {
    this.on = on;
    try {
      localStorage.setItem(KEY, on ? 'on' : 'off');
    } catch {
      // A browser that keeps nothing keeps the choice for this page only.
    }
    if (on) this.context();
  }

  /** The sounds of one drawn frame: one per counter dropped, one per capture or mark. */
  frame(events: readonly GameEvent[]): void {
    if (!this.on) return;
    const ctx = this.context();
    if (!ctx) return;
    let k = 0;
    for (const e of events) {
      if (e.type === 'drop') this.drop(ctx, e.hole, k++);
      else if (e.type === 'capture' || e.type === 'mark') this.capture(ctx, k++);
    }
  }

  /** A soft two-note chime (the page is hidden and the player is needed: notify.ts), when sound is on. */
  chime(): void {
    if (!this.on) return;
    const ctx = this.context();
    if (!ctx) return;
    const t = ctx.currentTime;
    this.tone(ctx, 'sine', 523, 523, t, 0.22, 0.08);
    this.tone(ctx, 'sine', 784, 784, t + 0.16, 0.3, 0.08);
  }

  /** The page is gone. */
  stop(): void {
    this.doc.removeEventListener('pointerdown', this.wake, true);
    this.doc.removeEventListener('keydown', this.wake, true);
    void this.ctx?.close().catch(() => undefined);
    this.ctx = null;
  }

  private context(): AudioContext | null {
    if (!this.ctx) {
      const w = window as unknown as { AudioContext?: AudioCtor; webkitAudioContext?: AudioCtor };
      const Ctor = w.AudioContext ?? w.webkitAudioContext;
      if (!Ctor) return null;
      try {
        this.ctx = new Ctor();
      } catch {
        return null;
      }
    }
    if (this.ctx.state === 'suspended') void this.ctx.resume().catch(() => undefined);
    return this.ctx;
  }

  /** A soft wooden knock: a short sine with a quick fall, a little higher or lower by hole. */
  private drop(ctx: AudioContext, hole: number, k: number): void {
    const t = ctx.currentTime + k * 0.012;
    const pitch = 420 + ((hole * 37) % 11) * 14;
    this.tone(ctx, 'sine', pitch, pitch * 0.7, t, 0.09, 0.14);
  }

  /** A capture or a mark: two brighter notes, rising. */
  private capture(ctx: AudioContext, k: number): void {
    const t = ctx.currentTime + k * 0.05;
    this.tone(ctx, 'triangle', 660, 660, t, 0.12, 0.12);
    this.tone(ctx, 'triangle', 880, 990, t + 0.09, 0.18, 0.12);
  }

  private tone(ctx: AudioContext, type: OscillatorType, from: number, to: number, t: number, length: number, peak: number): void {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(from, t);
    osc.frequency.exponentialRampToValueAtTime(to, t + length);
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(peak, t + 0.008);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t);
    osc.stop(t + length + 0.02);
  }
}
