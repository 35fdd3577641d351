/** Placeholder shell until the viewer lands: proves the build and the server's static serving. */
export function App() {
  return <main style={{ fontFamily: 'system-ui', padding: 24 }}><h1>Atrium</h1></main>;
}
