/**
 * The workstation's style sheets, in cascade order: the self-hosted font, react-mosaic's layout CSS,
 * then ours (after the library's, so our theme rules win ties). The app's entry and the bench pages
 * import this one module, so a bench lays panes out as the app does: without the mosaic CSS the panes
 * were 86 px strips and every chart spilled out of its pane at full size, over the others.
 */
import '@fontsource-variable/inter';
import 'react-mosaic-component/react-mosaic-component.css';
import './app.css';
