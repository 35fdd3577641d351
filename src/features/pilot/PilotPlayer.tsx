import { SKIP_MS, type PlayerViewModel } from './model/playerViewModel.ts';

/** The flat-screen pilot player: a bar above the toolbar, drawn from the same view model as the in-world panel. */
export function PilotPlayer({ vm }: { vm: PlayerViewModel }) {
  return (
    <section className="atrium-pilot-player" aria-label={vm.title} data-testid="pilot-player" data-phase={vm.phase} data-self-browsing={vm.selfBrowsing}
      onKeyDown={(e) => e.stopPropagation() /* arrows move the seek bar, not the camera */}>
      <div className="atrium-pilot-player__head">
        <strong className="atrium-pilot-player__title">{vm.title}</strong>
        <span className="atrium-pilot-player__byline">{vm.byline}</span>
        <span className="atrium-pilot-player__status" role="status" data-testid="pilot-status">{vm.status}</span>
        <button type="button" className="atrium-pilot-player__close" aria-label={vm.labels.close} title={vm.labels.close} data-testid="pilot-close" onClick={vm.actions.close}>×</button>
      </div>
      <div className="atrium-pilot-player__controls">
        <button type="button" aria-label={vm.labels.back} title={vm.labels.back} onClick={() => vm.actions.seek(Math.max(0, vm.positionMs - SKIP_MS))}>⟲</button>
        <button type="button" className="is-primary" aria-label={vm.labels.toggle} title={vm.labels.toggle} data-testid="pilot-toggle" onClick={vm.actions.toggle}>
          {vm.playing ? '❚❚' : '▶'}
        </button>
        <button type="button" aria-label={vm.labels.forward} title={vm.labels.forward} onClick={() => vm.actions.seek(Math.min(vm.durationMs, vm.positionMs + SKIP_MS))}>⟳</button>
        <input type="range" min={0} max={Math.max(1, vm.durationMs)} step={100} value={vm.positionMs} aria-label={vm.labels.seek} aria-valuetext={vm.clock}
          data-testid="pilot-seek" onChange={(e) => vm.actions.seek(Number(e.target.value))} />
        <span className="atrium-pilot-player__clock" data-testid="pilot-clock">{vm.clock}</span>
      </div>
      <div className="atrium-pilot-player__browse">
        <span>{vm.labels.selfBrowsingHint}</span>
        <button type="button" aria-pressed={vm.selfBrowsing} data-testid="pilot-self-browse" onClick={() => vm.actions.setSelfBrowsing(!vm.selfBrowsing)}>{vm.labels.selfBrowsing}</button>
      </div>
    </section>
  );
}
