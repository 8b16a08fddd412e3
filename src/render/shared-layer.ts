import { errorMessage } from '../../core/error-message';
/**
 * The one PixiJS renderer every analytic pane draws through (a page keeps only 16 WebGL contexts, so
 * never one per pane). Each pane owns a plain 2D `<canvas>` in its own DOM, so scrolling, maximizing,
 * stacking under popovers and tooltips all stay the browser's business. With WebGL the layer renders
 * a pane's scene into its one offscreen renderer canvas and copies the result into the pane's canvas
 * (`drawImage`); the canvas renderer draws straight into the pane's 2D context instead (a copy would
 * make the browser rasterise the offscreen canvas on the spot). Either way in one animation frame for
 * every pane marked dirty, and only then.
 */
import 'pixi.js/unsafe-eval';
import 'pixi.js/graphics';
import {
  CanvasParticleContainerPipe,
  CanvasRenderer,
  CanvasSource,
  Container,
  extensions,
  type Renderer,
  Texture,
  WebGLRenderer,
} from 'pixi.js';
import { notify } from '../session/session-actions';
import { patchSession, type SessionStore } from '../session/session-store';
import { CanvasParticlePipe } from './canvas-particle-pipe';
import { FrameScheduler } from './frame-scheduler';
import { seedPixiTestContext } from './pixi-test-context';
import {
  decideRenderer,
  type RendererDecision,
  type RendererPreference,
  resolvePreference,
} from './renderer-choice';
import { type ProbedCanvas, probeWebGl } from './renderer-probe';

// Markers are particles (scatter and bubble panes): on the canvas renderer drawn by our own pipe,
// in place of the one PixiJS registers as its ParticleContainer loads (canvas-particle-pipe.ts).
extensions.remove(CanvasParticleContainerPipe);
extensions.add(CanvasParticlePipe);

export const RENDERER_SETTING_KEY = 'workstation.renderer';
/** How long a lost WebGL context may take to come back before the layer switches to canvas. */
const RESTORE_TIMEOUT_MS = 3000;
const TRANSPARENT: [number, number, number, number] = [0, 0, 0, 0];

export interface LayerViewOptions {
  canvas: HTMLCanvasElement;
  /** Fills the (emptied) scene; called for each frame the view is dirty in. */
  draw(scene: Container): void;
  /** The pane's background colour, as `#rrggbb`; null leaves the canvas transparent (an overlay). */
  background(): string | null;
  /** The pane's frame failed (its drawing or its render): told once a frame it fails in. */
  onError?(error: unknown): void;
}

export interface LayerView {
  /** Asks for a redraw in the next frame. */
  invalidate(): void;
  /** The canvas's new size in CSS pixels (from the pane's ResizeObserver). */
  resize(width: number, height: number): void;
  detach(): void;
}

interface ViewState {
  options: LayerViewOptions;
  scene: Container;
  width: number;
  height: number;
  context: CanvasRenderingContext2D | null;
  /** The pane's canvas as a render target of the canvas renderer. */
  target: Texture<CanvasSource> | null;
  frames: number;
}

/** The layer's pixel ratio: its renderer's resolution, and what textures drawn for it are made at. */
export function layerResolution(): number {
  return window.devicePixelRatio || 1;
}

function storedPreference(): string | null {
  try {
    return localStorage.getItem(RENDERER_SETTING_KEY);
  } catch {
    return null;
  }
}

function currentPreference() {
  return resolvePreference(new URLSearchParams(location.search).get('renderer'), storedPreference());
}

export class SharedLayer {
  private renderer: Renderer | null = null;
  private generation = 0;
  private lost = false;
  private timers: number[] = [];
  private detachContextListeners: (() => void) | null = null;
  private readonly views = new Set<ViewState>();
  private readonly scheduler = new FrameScheduler<ViewState>((views) => this.renderFrame(views));

  /** `session` receives the layer's status (for the status bar) and its warnings. */
  private readonly session: SessionStore;

  constructor(session: SessionStore) {
    this.session = session;
  }

  attach(options: LayerViewOptions): LayerView {
    const view: ViewState = {
      options,
      scene: new Container(),
      width: 0,
      height: 0,
      context: null,
      target: null,
      frames: 0,
    };
    this.views.add(view);
    if (this.session.getState().renderer.state === 'idle') void this.start();
    return {
      invalidate: () => this.scheduler.mark(view),
      resize: (width, height) => {
        if (width === view.width && height === view.height) return;
        view.width = width;
        view.height = height;
        this.scheduler.mark(view);
      },
      detach: () => {
        this.views.delete(view);
        this.scheduler.forget(view);
        view.scene.destroy({ children: true });
        // The texture only wraps the pane's canvas: the canvas itself stays the pane's.
        view.target?.destroy(false);
        view.target = null;
      },
    };
  }

  /** Stores the setting and restarts on the renderer it asks for (the URL parameter still wins). */
  setPreference(preference: RendererPreference): void {
    try {
      if (preference === 'auto') localStorage.removeItem(RENDERER_SETTING_KEY);
      else localStorage.setItem(RENDERER_SETTING_KEY, preference);
    } catch {
      // Storage may be unavailable (private mode): the choice still applies to this session.
    }
    void this.start(preference);
  }

  private async start(requested?: RendererPreference, forced?: RendererDecision): Promise<void> {
    const generation = ++this.generation;
    this.teardown();
    const resolved = currentPreference();
    const preference = resolved.source === 'url' ? resolved.preference : (requested ?? resolved.preference);
    const source = resolved.source === 'url' ? 'url' : requested ? 'setting' : resolved.source;
    let probed: ProbedCanvas | null = null;
    let decision = forced;
    if (!decision) {
      probed = preference === 'canvas' ? null : probeWebGl(preference);
      decision = decideRenderer(preference, probed?.probe ?? null);
    }
    if (decision.kind === 'canvas') probed?.release();
    seedPixiTestContext(decision.kind === 'webgl' ? (probed?.gl ?? null) : null);
    patchSession(this.session, 'renderer', {
      state: 'starting',
      kind: decision.kind,
      reason: decision.reason,
      preference,
      source,
    });
    try {
      const renderer = await createRenderer(decision, probed);
      if (generation !== this.generation) {
        renderer.destroy();
        return;
      }
      this.renderer = renderer;
      if (renderer instanceof WebGLRenderer) this.watchContext(renderer);
      patchSession(this.session, 'renderer', { state: 'ready' });
      this.redrawAll(true);
    } catch (error) {
      if (generation !== this.generation) return;
      if (decision.kind === 'webgl') {
        const message = `WebGL could not start (${errorMessage(error)})`;
        console.warn(`${message}; using the canvas renderer.`);
        void this.start(requested, { kind: 'canvas', reason: message });
        return;
      }
      console.error('The chart renderer could not start', error);
      patchSession(this.session, 'renderer', {
        state: 'failed',
        reason: `Could not start: ${errorMessage(error)}`,
      });
    }
  }

  private teardown(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    this.detachContextListeners?.();
    this.detachContextListeners = null;
    this.lost = false;
    const renderer = this.renderer;
    this.renderer = null;
    if (renderer) {
      try {
        renderer.destroy();
      } catch (error) {
        // A renderer whose context is gone may fail to clean up; it is dropped either way.
        console.warn('The previous chart renderer did not shut down cleanly', error);
      }
    }
  }

  /** On context loss: ask for the context back, redraw every pane when it returns, else fall back. */
  private watchContext(renderer: WebGLRenderer): void {
    const canvas = renderer.canvas as HTMLCanvasElement;
    const gl = renderer.gl;
    const loseContext = gl.getExtension('WEBGL_lose_context');
    const onLost = (event: Event) => {
      event.preventDefault();
      this.lost = true;
      patchSession(this.session, 'renderer', { state: 'lost', reason: 'WebGL context lost; restoring' });
      this.timers.push(
        window.setTimeout(() => {
          try {
            if (gl.isContextLost()) loseContext?.restoreContext();
          } catch {
            // Not lost through the extension: the browser restores it by itself, or the timeout below acts.
          }
        }, 50),
        window.setTimeout(() => {
          if (this.lost && this.renderer === renderer) this.fallBackToCanvas();
        }, RESTORE_TIMEOUT_MS),
      );
    };
    const onRestored = () => {
      this.lost = false;
      patchSession(this.session, 'renderer', (s) => ({
        state: 'ready',
        reason: 'WebGL context restored',
        restores: s.restores + 1,
      }));
      this.redrawAll(true);
    };
    canvas.addEventListener('webglcontextlost', onLost);
    canvas.addEventListener('webglcontextrestored', onRestored);
    this.detachContextListeners = () => {
      canvas.removeEventListener('webglcontextlost', onLost);
      canvas.removeEventListener('webglcontextrestored', onRestored);
    };
  }

  private fallBackToCanvas(): void {
    const message =
      'The WebGL context was lost and could not be restored: charts now use the canvas renderer.';
    notify(this.session, message, 'warning');
    console.warn(message);
    void this.start(undefined, { kind: 'canvas', reason: 'WebGL context lost and not restored' });
  }

  /** Marks every view dirty; `freshScenes` rebuilds their containers for a new or restored renderer. */
  private redrawAll(freshScenes: boolean): void {
    for (const view of this.views) {
      if (freshScenes) {
        view.scene.destroy({ children: true });
        view.scene = new Container();
      }
      this.scheduler.mark(view);
    }
  }

  private renderFrame(views: ViewState[]): void {
    const renderer = this.renderer;
    if (!renderer || this.lost) {
      // Drawn once the renderer is ready or its context is back.
      this.scheduler.keep(views.filter((v) => this.views.has(v)));
      return;
    }
    const live = views.filter((v) => this.views.has(v) && v.width >= 1 && v.height >= 1);
    if (live.length === 0) return;
    const resolution = layerResolution();
    if (renderer instanceof WebGLRenderer) {
      // The offscreen canvas every pane is rendered into before its copy: as large as the largest pane.
      const width = Math.max(renderer.width, ...live.map((v) => Math.ceil(v.width)));
      const height = Math.max(renderer.height, ...live.map((v) => Math.ceil(v.height)));
      if (width !== renderer.width || height !== renderer.height || renderer.resolution !== resolution) {
        renderer.resize(width, height, resolution);
      }
    }
    for (const view of live) {
      try {
        this.paint(renderer, view, resolution);
      } catch (error) {
        if (view.options.onError) view.options.onError(error);
        else console.error('An analytic pane failed to draw', error);
      }
    }
  }

  private paint(renderer: Renderer, view: ViewState, resolution: number): void {
    const pixelWidth = Math.max(1, Math.round(view.width * resolution));
    const pixelHeight = Math.max(1, Math.round(view.height * resolution));
    const { canvas } = view.options;
    if (canvas.width !== pixelWidth) canvas.width = pixelWidth;
    if (canvas.height !== pixelHeight) canvas.height = pixelHeight;
    for (const child of view.scene.removeChildren()) child.destroy({ children: true });
    view.options.draw(view.scene);
    const background = view.options.background();
    const clearColor = background ?? TRANSPARENT;
    if (renderer instanceof CanvasRenderer) {
      view.target ??= new Texture({
        source: new CanvasSource({ resource: canvas, width: view.width, height: view.height, resolution }),
      });
      view.target.source.resize(view.width, view.height, resolution);
      renderer.render({ container: view.scene, target: view.target, clear: true, clearColor });
    } else {
      renderer.render({ container: view.scene, clear: true, clearColor });
      view.context ??= canvas.getContext('2d');
      // An overlay composites over what it covers, so its last frame has to go first.
      if (background === null) view.context?.clearRect(0, 0, pixelWidth, pixelHeight);
      view.context?.drawImage(
        renderer.canvas as HTMLCanvasElement,
        0,
        0,
        pixelWidth,
        pixelHeight,
        0,
        0,
        pixelWidth,
        pixelHeight,
      );
    }
    view.frames += 1;
    // Lets automation see that a pane was redrawn (WebGL output cannot be read back).
    canvas.dataset.frames = String(view.frames);
    canvas.dataset.renderer = renderer instanceof WebGLRenderer ? 'webgl' : 'canvas';
  }
}

async function createRenderer(decision: RendererDecision, probed: ProbedCanvas | null): Promise<Renderer> {
  const common = {
    width: 1,
    height: 1,
    resolution: layerResolution(),
    antialias: true,
    backgroundAlpha: 0,
    autoDensity: false,
    // Only the scene systems this module imports; no DOM events, accessibility or ticker.
    skipExtensionImports: true,
  };
  if (decision.kind === 'webgl') {
    const renderer = new WebGLRenderer();
    // The probe's context itself: handing it over means PixiJS calls getContext no more.
    const context = (probed?.gl ?? null) as WebGL2RenderingContext | null;
    await renderer.init({ ...common, canvas: probed?.canvas, context, preferWebGLVersion: 2 });
    return renderer;
  }
  const renderer = new CanvasRenderer();
  await renderer.init(common);
  return renderer;
}
