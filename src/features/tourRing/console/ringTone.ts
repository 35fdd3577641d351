// The console's ring tone, made with WebAudio (no sound file to ship): two mixed sine tones (440 + 480 Hz, the
// familiar telephone ring) for 0.8 s, twice, every 3 s, with short ramps so it never clicks. Browsers keep an
// AudioContext silent until the page has had a click or a key press: `unlock` is called from those.

const PATTERN_MS = 3000;

export class RingTone {
  private context: AudioContext | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  private audio(): AudioContext | null {
    if (this.context) return this.context;
    const Ctor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctor) return null;
    this.context = new Ctor();
    return this.context;
  }

  /** After a user gesture: lets later rings sound. */
  unlock(): void {
    void this.audio()?.resume().catch(() => {});
  }

  private burst(): void {
    const ctx = this.audio();
    if (!ctx || ctx.state !== 'running') return;
    const gain = ctx.createGain();
    gain.connect(ctx.destination);
    const start = ctx.currentTime + 0.02;
    for (const [offset, length] of [[0, 0.8], [1.0, 0.8]] as const) {
      gain.gain.setValueAtTime(0, start + offset);
      gain.gain.linearRampToValueAtTime(0.18, start + offset + 0.03);
      gain.gain.setValueAtTime(0.18, start + offset + length - 0.05);
      gain.gain.linearRampToValueAtTime(0, start + offset + length);
    }
    for (const frequency of [440, 480]) {
      const osc = ctx.createOscillator();
      osc.frequency.value = frequency;
      osc.connect(gain);
      osc.start(start);
      osc.stop(start + 1.8);
    }
  }

  start(): void {
    if (this.timer) return;
    this.burst();
    this.timer = setInterval(() => this.burst(), PATTERN_MS);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One ring, for the "test" button. */
  test(): void {
    this.unlock();
    setTimeout(() => this.burst(), 50);
  }

  get ringing(): boolean {
    return this.timer !== null;
  }

  close(): void {
    this.stop();
    void this.context?.close().catch(() => {});
    this.context = null;
  }
}
