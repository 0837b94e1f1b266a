/**
 * Seeded pseudo-random numbers: Chris Doty-Humphrey's sfc32 (small fast chaotic, 128 bits of
 * state in four 32-bit words, so a state copies it cheaply), seeded by a SplitMix32-style mix of
 * the seed. Every random thing in Gabata takes a seed; the same seed reproduces the same
 * sequence on every platform.
 */
export class Rng {
  a = 0;
  b = 0;
  c = 0;
  d = 0;

  constructor(seed: number = 1) {
    this.seed(seed);
  }

  /** Resets the generator from a 32-bit (or any finite) seed. */
  seed(seed: number): void {
    let s = (Math.floor(seed) >>> 0) ^ Math.floor(seed / 4294967296);
    const split = (): number => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = split();
    this.b = split();
    this.c = split();
    this.d = split();
    if ((this.a | this.b | this.c | this.d) === 0) this.a = 1;
  }

  /** Next unsigned 32-bit integer (sfc32). */
  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor((this.nextUint32() / 4294967296) * n);
  }

  /** Uniform float in [0, 1). */
  float(): number {
    return this.nextUint32() / 4294967296;
  }

  copyFrom(o: Rng): void {
    this.a = o.a;
    this.b = o.b;
    this.c = o.c;
    this.d = o.d;
  }

  clone(): Rng {
    const r = new Rng(0);
    r.copyFrom(this);
    return r;
  }

  /** The generator's state as a hex string (positions carry it so replays are exact). */
  save(): string {
    return [this.a, this.b, this.c, this.d].map((x) => (x >>> 0).toString(16).padStart(8, '0')).join('');
  }

  /** Restores a state written by `save`; returns false when the text is not one. */
  load(text: string): boolean {
    if (!/^[0-9a-f]{32}$/.test(text)) return false;
    this.a = parseInt(text.slice(0, 8), 16) | 0;
    this.b = parseInt(text.slice(8, 16), 16) | 0;
    this.c = parseInt(text.slice(16, 24), 16) | 0;
    this.d = parseInt(text.slice(24, 32), 16) | 0;
    return true;
  }
}

/** Derives the seed of the i-th sub-stream (a game of a simulation, a worker) from a base seed. */
export function deriveSeed(base: number, i: number): number {
  let z = (Math.imul((base >>> 0) ^ 0x5bd1e995, 0x27d4eb2d) + Math.imul(i + 1, 0x9e3779b9)) | 0;
  z = Math.imul(z ^ (z >>> 15), 0x2c1b3c6d);
  z = Math.imul(z ^ (z >>> 12), 0x297a2d39);
  return (z ^ (z >>> 15)) >>> 0;
}
